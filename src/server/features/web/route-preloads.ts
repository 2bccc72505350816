import fs from "node:fs";
import path from "node:path";

/** A route in React Router's build manifest (build/client/assets/manifest-<hash>.js). */
interface ManifestRoute {
	id: string;
	parentId?: string;
	path?: string;
	index?: boolean;
	module: string;
	imports?: string[];
}

/**
 * The scripts each app page needs beyond the ones its HTML already names, as `<link
 * rel="modulepreload">` tags, by page path as React Router writes it ("/owner/customer/:id").
 *
 * The single-page app's HTML preloads only the entry and the root route: the browser would learn of
 * a page's own modules (its layout, the page, what they import) only once the entry has run, a
 * round trip and a script's run later. Named in the HTML, they load beside the entry.
 */
export function routePreloads(clientDir: string, html: string): Map<string, string> {
	const preloads = new Map<string, string>();
	const manifestHref = html.match(
		/<link rel="modulepreload" href="(\/assets\/manifest-[^"]+\.js)"/,
	)?.[1];
	const manifestFile = manifestHref && path.join(clientDir, manifestHref);
	if (!manifestFile || !fs.existsSync(manifestFile)) return preloads;
	const text = fs.readFileSync(manifestFile, "utf8");
	const { routes } = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
		routes: Record<string, ManifestRoute>;
	};
	const inPage = new Set(
		[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]),
	);
	for (const route of Object.values(routes)) {
		if (!route.index && !route.path) continue;
		const chain: ManifestRoute[] = [];
		for (
			let r: ManifestRoute | undefined = route;
			r;
			r = r.parentId ? routes[r.parentId] : undefined
		)
			chain.unshift(r);
		const pagePath = `/${chain
			.map((r) => r.path)
			.filter(Boolean)
			.join("/")}`;
		const files = new Set(chain.flatMap((r) => [r.module, ...(r.imports ?? [])]));
		const links = [...files]
			.filter((file) => !inPage.has(file))
			.map((file) => `<link rel="modulepreload" href="${file}"/>`)
			.join("");
		if (links) preloads.set(pagePath, links);
	}
	return preloads;
}
