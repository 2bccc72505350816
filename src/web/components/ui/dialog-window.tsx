import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../../lib/utils.ts";
import { DialogParts, type DialogState, type Parts } from "./dialog-parts.ts";

const parts: Parts = {
	Title: DialogPrimitive.Title,
	Description: DialogPrimitive.Description,
	Close: DialogPrimitive.Close,
};

/**
 * A dialog's window: Radix's dialog with its overlay, focus trap and scroll lock, loaded when the
 * dialog first opens (dialog.tsx), so no page's first load carries them. Closing it gives the focus
 * back to the dialog's trigger, as Radix's own trigger would.
 */
export default function DialogWindow({
	dialog,
	className,
	children,
	onCloseAutoFocus,
	...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { dialog: DialogState }) {
	return (
		<DialogPrimitive.Root open={dialog.open} onOpenChange={dialog.setOpen}>
			<DialogParts value={parts}>
				<DialogPrimitive.Portal>
					<DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
					<DialogPrimitive.Content
						className={cn(
							"fixed top-1/2 left-1/2 z-50 grid max-h-[90dvh] grid-cols-1 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-card p-6 shadow-lg",
							className,
						)}
						onCloseAutoFocus={(event) => {
							onCloseAutoFocus?.(event);
							if (event.defaultPrevented || !dialog.trigger.current) return;
							event.preventDefault();
							dialog.trigger.current.focus();
						}}
						{...props}
					>
						{children}
						<DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
							<X className="size-4" aria-hidden />
							<span className="sr-only">Close</span>
						</DialogPrimitive.Close>
					</DialogPrimitive.Content>
				</DialogPrimitive.Portal>
			</DialogParts>
		</DialogPrimitive.Root>
	);
}
