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
 * pages move without reloading; without it, a plain link. This module imports no router on purpose,
 * so the public pages' components can be rendered without one.
 */
export const PageLinkContext = createContext<ComponentType<PageLinkProps>>(Anchor);

/** A link to one of our pages, for the public header, footer and home page sections. */
export function PageLink(props: PageLinkProps) {
	const Link = useContext(PageLinkContext);
	return <Link {...props} />;
}
