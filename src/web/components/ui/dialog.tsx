import { Slot } from "radix-ui";
import type * as React from "react";
import { createContext, lazy, Suspense, use, useRef, useState } from "react";
import { cn } from "../../lib/utils.ts";
import { DialogParts, type DialogState, type Parts } from "./dialog-parts.ts";

/*
 * A dialog in two parts: this one, in the page's first load, holds whether it is open and renders
 * the trigger; the window (dialog-window.tsx: Radix's dialog, its focus trap and scroll lock, some
 * 11 KB) loads when the dialog first opens, or as the pointer or focus reaches its trigger. The API
 * is shadcn's.
 */

const loadWindow = () => import("./dialog-window.tsx");
const DialogWindow = lazy(loadWindow);

const DialogContext = createContext<DialogState | null>(null);

function useDialog() {
	const dialog = use(DialogContext);
	if (!dialog) throw new Error("A dialog's parts must be inside its <Dialog>");
	return dialog;
}

export function Dialog({
	open,
	defaultOpen,
	onOpenChange,
	children,
}: {
	open?: boolean;
	defaultOpen?: boolean;
	onOpenChange?: (open: boolean) => void;
	children?: React.ReactNode;
}) {
	const [ownOpen, setOwnOpen] = useState(defaultOpen ?? false);
	const trigger = useRef<HTMLButtonElement>(null);
	const state: DialogState = {
		open: open ?? ownOpen,
		setOpen: (next) => {
			setOwnOpen(next);
			onOpenChange?.(next);
		},
		trigger,
	};
	return <DialogContext value={state}>{children}</DialogContext>;
}

export function DialogTrigger({
	asChild,
	onClick,
	...props
}: React.ComponentProps<"button"> & { asChild?: boolean }) {
	const dialog = useDialog();
	const Comp = asChild ? Slot.Root : "button";
	return (
		<Comp
			ref={dialog.trigger}
			type={asChild ? undefined : "button"}
			aria-haspopup="dialog"
			aria-expanded={dialog.open}
			onPointerEnter={() => void loadWindow()}
			onFocus={() => void loadWindow()}
			onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
				onClick?.(event);
				if (!event.defaultPrevented) dialog.setOpen(true);
			}}
			{...props}
		/>
	);
}

/** The dialog's window: rendered from its first opening on, so Radix opens and closes it after. */
export function DialogContent(props: Omit<React.ComponentProps<typeof DialogWindow>, "dialog">) {
	const dialog = useDialog();
	const [opened, setOpened] = useState(dialog.open);
	if (dialog.open && !opened) setOpened(true);
	return opened ? (
		<Suspense fallback={null}>
			<DialogWindow dialog={dialog} {...props} />
		</Suspense>
	) : null;
}

/** Radix's parts, once the window has loaded (they live inside the window). */
function Title(props: React.ComponentProps<Parts["Title"]>) {
	const Part = use(DialogParts)?.Title;
	return Part ? <Part {...props} /> : null;
}
function Description(props: React.ComponentProps<Parts["Description"]>) {
	const Part = use(DialogParts)?.Description;
	return Part ? <Part {...props} /> : null;
}
export function DialogClose(props: React.ComponentProps<Parts["Close"]>) {
	const Part = use(DialogParts)?.Close;
	return Part ? <Part {...props} /> : null;
}

export function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
	return <div className={cn("flex flex-col gap-1.5 pr-6", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: React.ComponentProps<Parts["Title"]>) {
	return <Title className={cn("text-lg font-semibold wrap-anywhere", className)} {...props} />;
}

export function DialogDescription({
	className,
	...props
}: React.ComponentProps<Parts["Description"]>) {
	return (
		<Description
			className={cn("text-sm text-muted-foreground wrap-anywhere", className)}
			{...props}
		/>
	);
}

export function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
	return (
		<div
			className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
			{...props}
		/>
	);
}
