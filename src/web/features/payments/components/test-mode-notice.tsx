import { FlaskConical } from "lucide-react";
import { PAYMENT_MESSAGES, type PaymentMode } from "../../../../shared/payments.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { cn } from "../../../lib/utils.ts";

/** The 'Test mode' label every payment screen shows while no real card can be charged. */
export function TestModeBadge({ className }: { className?: string }) {
	return (
		<Badge variant="warning" className={cn("gap-1", className)}>
			<FlaskConical className="size-3" aria-hidden />
			{PAYMENT_MESSAGES.testMode}
		</Badge>
	);
}

/** The label with what it means; nothing outside test mode. */
export function TestModeNotice({
	mode,
	className,
}: {
	mode: PaymentMode | undefined;
	className?: string;
}) {
	if (mode !== "test") return null;
	return (
		<div
			className={cn(
				"flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950",
				className,
			)}
			data-testid="test-mode"
		>
			<TestModeBadge />
			<span>{PAYMENT_MESSAGES.testModeHint}</span>
		</div>
	);
}
