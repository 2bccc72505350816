import { Loader2 } from "lucide-react";

export function FullPageSpinner({ label = "Loading..." }: { label?: string }) {
	return (
		<div
			className="flex min-h-dvh items-center justify-center gap-3 text-muted-foreground"
			role="status"
		>
			<Loader2 className="size-5 animate-spin" aria-hidden />
			<span>{label}</span>
		</div>
	);
}
