import type { Dialog as DialogPrimitive } from "radix-ui";
import { createContext, type RefObject } from "react";

/** What a dialog's window reads of its dialog (dialog.tsx holds it, dialog-window.tsx renders it). */
export interface DialogState {
	open: boolean;
	setOpen: (open: boolean) => void;
	/** The trigger, which takes the focus back when the dialog closes. */
	trigger: RefObject<HTMLButtonElement | null>;
}

export interface Parts {
	Title: typeof DialogPrimitive.Title;
	Description: typeof DialogPrimitive.Description;
	Close: typeof DialogPrimitive.Close;
}

/** Radix's title, description and close button, handed down by the window once it has loaded. */
export const DialogParts = createContext<Parts | null>(null);
