import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "../lib/toast.ts";
import { cn } from "../lib/utils.ts";

/**
 * A small button that copies `text` to the clipboard and says so: "Copied" beside it for two
 * seconds and in a toast; when the browser refuses, a toast says to copy it by hand.
 */
export function CopyButton({
	text,
	label,
	className,
}: {
	text: string;
	/** What the button copies, for screen readers ("Copy payment reference"). */
	label: string;
	className?: string;
}) {
	const [copied, setCopied] = useState(false);
	useEffect(() => {
		if (!copied) return;
		const timer = setTimeout(() => setCopied(false), 2000);
		return () => clearTimeout(timer);
	}, [copied]);
	const copy = async () => {
		try {
			await navigator.clipboard.writeText(text);
			setCopied(true);
			toast.success("Copied");
		} catch {
			toast.error("Could not copy: select the text and copy it instead");
		}
	};
	return (
		<button
			type="button"
			onClick={copy}
			aria-label={label}
			title={label}
			className={cn(
				"inline-flex h-7 shrink-0 items-center gap-1 rounded-md px-1.5 font-sans text-xs text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
				className,
			)}
		>
			{copied ? (
				<>
					<Check className="size-3.5 text-green-700" aria-hidden />
					<span>Copied</span>
				</>
			) : (
				<Copy className="size-3.5" aria-hidden />
			)}
		</button>
	);
}
