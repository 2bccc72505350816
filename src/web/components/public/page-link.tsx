import {
	type ComponentType,
	createContext,
	type MouseEventHandler,
	type ReactNode,
	useContext,
} from "react";

export interface PageLinkProps {
	to: string;
	className?: string;
	onClick?: MouseEventHandler<HTMLAnchorElement>;
	children: ReactNode;
}

/** A plain link: the browser loads the page. */
function Anchor({ to, ...props }: PageLinkProps) {
	return <a href={to} {...props} />;
}

/**
 * What draws a link to another of our pages. The root layout provides React Router's `Link`, so
 * pages move without reloading; the home, quote and contact pages hydrate without React Router
 * (src/web/hydrate-page.tsx) and keep plain links. This module imports no router on purpose: those
 * pages' scripts must not carry one.
 */
export const PageLinkContext = createContext<ComponentType<PageLinkProps>>(Anchor);

/**
 * Plain links whatever the layout provides: the home, quote and contact pages are rendered by their
 * routes and hydrated by their own entries, and both must render the same markup.
 */
export function PlainPageLinks({ children }: { children: ReactNode }) {
	return <PageLinkContext value={Anchor}>{children}</PageLinkContext>;
}

/** A link to one of our pages, for the public header, footer and home page sections. */
export function PageLink(props: PageLinkProps) {
	const Link = useContext(PageLinkContext);
	return <Link {...props} />;
}
