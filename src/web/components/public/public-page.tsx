import type * as React from "react";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

export function PublicPage({ children }: { children: React.ReactNode }) {
	return (
		<div className="public-page flex min-h-dvh flex-col">
			<SiteHeader />
			<main className="flex-1">{children}</main>
			<SiteFooter />
		</div>
	);
}
