/**
 * The public site's address, used for canonical links, Open Graph URLs, the sitemap and robots.txt.
 * Pages are prerendered at build time, before any server (and its APP_URL) exists, so the address
 * is a constant here; public/sitemap.xml and public/robots.txt repeat it (a browser test keeps them
 * equal). See docs/decisions/003-seo.md.
 */
export const SITE_URL = "https://www.buckeyeholidaylights.com";

/** The public pages listed in the sitemap, with how often their content changes. */
export const PUBLIC_PAGES = [
	{ path: "/", changefreq: "weekly", priority: "1.0" },
	{ path: "/quote", changefreq: "monthly", priority: "0.9" },
	{ path: "/contact", changefreq: "monthly", priority: "0.8" },
	{ path: "/privacy", changefreq: "yearly", priority: "0.3" },
	{ path: "/terms", changefreq: "yearly", priority: "0.3" },
	{ path: "/refunds", changefreq: "yearly", priority: "0.3" },
] as const;

export const siteUrl = (path: string) => (path === "/" ? `${SITE_URL}/` : `${SITE_URL}${path}`);
