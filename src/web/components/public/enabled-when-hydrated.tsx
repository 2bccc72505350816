import type * as React from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";

/**
 * Holds a prerendered form's controls disabled until the page has hydrated: until then, typing
 * would be lost when React takes the form over, and a submit would reload the page. They look as
 * usual meanwhile (see app.css).
 */
export function EnabledWhenHydrated({ children }: { children: React.ReactNode }) {
	const hydrated = useHydrated();
	return (
		<fieldset
			disabled={!hydrated}
			data-hydrating={hydrated ? undefined : ""}
			className="m-0 min-w-0 border-0 p-0"
		>
			{children}
		</fieldset>
	);
}
