/**
 * sonner's `toast`, loaded when the first toast is raised, so no page's first load carries its
 * 10 KB (decisions 018 and 039): import `toast` from here, never from sonner. Raising
 * a toast also tells the page's toaster to mount, if it waits for an interaction (PageOverlays);
 * sonner keeps a toast raised before the toaster mounts and shows it then.
 */
type Sonner = typeof import("sonner");
type Toast = Sonner["toast"];

/** The window event that asks the toaster to mount. */
export const TOAST_RAISED = "app:toast-raised";

let sonner: Promise<Sonner> | undefined;
let raised = false;
/** Whether the page has raised a toast (the toaster may mount after it). */
export const hasRaisedToast = () => raised;

/** Loads sonner (once); call it early, e.g. when the visitor starts on a form. */
export const loadToasts = () => {
	sonner ??= import("sonner");
	return sonner;
};

function raise(show: (toast: Toast) => unknown) {
	raised = true;
	window.dispatchEvent(new Event(TOAST_RAISED));
	void loadToasts().then(({ toast }) => show(toast));
}

export const toast = {
	success: (...args: Parameters<Toast["success"]>) => raise((t) => t.success(...args)),
	error: (...args: Parameters<Toast["error"]>) => raise((t) => t.error(...args)),
	info: (...args: Parameters<Toast["info"]>) => raise((t) => t.info(...args)),
	warning: (...args: Parameters<Toast["warning"]>) => raise((t) => t.warning(...args)),
};
