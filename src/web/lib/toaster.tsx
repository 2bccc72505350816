import { Toaster } from "sonner";

/** The app's toaster; the root loads this module lazily (see DeferredToaster in root.tsx). */
export default function AppToaster() {
	return <Toaster position="top-center" richColors closeButton />;
}
