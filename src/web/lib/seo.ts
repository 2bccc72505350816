import type { MetaDescriptor } from "react-router";
import { DEFAULT_BUSINESS_PROFILE } from "../../shared/business-defaults.ts";
import { siteUrl } from "../../shared/site.ts";

/**
 * Title, description, canonical link and Open Graph / Twitter tags for a public page.
 * URLs are absolute on SITE_URL (docs/decisions/003-seo.md).
 */
export function pageMeta({
	title,
	description,
	path,
}: {
	title: string;
	description: string;
	path: string;
}): MetaDescriptor[] {
	const url = siteUrl(path);
	const image = siteUrl("/og-image.png");
	const siteName = DEFAULT_BUSINESS_PROFILE.businessName;
	return [
		{ title },
		{ name: "description", content: description },
		{ tagName: "link", rel: "canonical", href: url },
		{ property: "og:type", content: "website" },
		{ property: "og:site_name", content: siteName },
		{ property: "og:locale", content: "en_US" },
		{ property: "og:title", content: title },
		{ property: "og:description", content: description },
		{ property: "og:url", content: url },
		{ property: "og:image", content: image },
		{ property: "og:image:width", content: "1200" },
		{ property: "og:image:height", content: "630" },
		{
			property: "og:image:alt",
			content: `${siteName}: a house outlined in warm C9 holiday lights at night`,
		},
		{ name: "twitter:card", content: "summary_large_image" },
		{ name: "twitter:title", content: title },
		{ name: "twitter:description", content: description },
		{ name: "twitter:image", content: image },
	];
}
