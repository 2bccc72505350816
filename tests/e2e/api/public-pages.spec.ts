import { DEFAULT_BUSINESS_PROFILE } from "../../../src/shared/business-defaults.ts";
import { PUBLIC_PAGES, SITE_URL } from "../../../src/shared/site.ts";
import { expect, test } from "../support/fixtures.ts";
import { PUBLIC_PATHS } from "../support/public.ts";

// What search engines and link previews read: plain HTTP, no browser page.
test.describe("public pages as served", () => {
	test("every public page is prerendered with its text, metadata and canonical link", async ({
		request,
	}) => {
		for (const path of PUBLIC_PATHS) {
			const res = await request.get(path);
			expect(res.status()).toBe(200);
			const html = await res.text();
			const canonical = path === "/" ? `${SITE_URL}/` : `${SITE_URL}${path}`;
			// Checked as booleans so a failure names the page, not the whole HTML.
			const has = (needle: string | RegExp) =>
				typeof needle === "string" ? html.includes(needle) : needle.test(html);
			const expected = [
				/<title>[^<]*Buckeye Holiday Lights[^<]*<\/title>/,
				/<meta name="description" content="[^"]{50,}"\/>/,
				`<link rel="canonical" href="${canonical}"/>`,
				`<meta property="og:url" content="${canonical}"/>`,
				/<meta property="og:title" content="[^"]+"\/>/,
				/<meta property="og:description" content="[^"]+"\/>/,
				`<meta property="og:image" content="${SITE_URL}/og-image.png"/>`,
				// Header, footer and the business's details are in the HTML, not added by JavaScript.
				DEFAULT_BUSINESS_PROFILE.phone,
				DEFAULT_BUSINESS_PROFILE.email,
			];
			for (const needle of expected) expect(has(needle), `${path}: ${needle}`).toBe(true);
		}
		const home = await (await request.get("/")).text();
		for (const text of [
			"beautifully lit",
			"Design &amp; Quote",
			"Professional Install",
			"App Payments &amp; Service",
			"Takedown &amp; Storage",
			"Lighting up Canton, Akron and Cleveland",
		])
			expect(home.includes(text), text).toBe(true);
		expect(await (await request.get("/quote")).text()).toContain("Get Instant AI Quote");
		expect(await (await request.get("/contact")).text()).toContain(
			"within 24 hours on business days",
		);
		expect((await request.get("/og-image.png")).headers()["content-type"]).toContain("image/png");
	});

	test("the home page describes the business as structured data", async ({ request }) => {
		const html = await (await request.get("/")).text();
		const json = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
		expect(json).toBeTruthy();
		const data = JSON.parse(json!);
		expect(data["@type"]).toBe("LocalBusiness");
		expect(data.name).toBe(DEFAULT_BUSINESS_PROFILE.businessName);
		expect(data.telephone).toBe(DEFAULT_BUSINESS_PROFILE.phone);
		expect(data.email).toBe(DEFAULT_BUSINESS_PROFILE.email);
		expect(data.areaServed.map((a: { name: string }) => a.name)).toEqual(
			DEFAULT_BUSINESS_PROFILE.serviceAreas,
		);
		expect(data.openingHoursSpecification).toContainEqual({
			"@type": "OpeningHoursSpecification",
			dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
			opens: "08:00",
			closes: "18:00",
		});
	});

	test("robots.txt and sitemap.xml point search engines at the public pages", async ({
		request,
	}) => {
		const robots = await (await request.get("/robots.txt")).text();
		expect(robots).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
		expect(robots).toMatch(/Disallow: \/owner/);
		const sitemap = await (await request.get("/sitemap.xml")).text();
		const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
		expect(locs).toEqual(
			PUBLIC_PAGES.map((p) => (p.path === "/" ? `${SITE_URL}/` : `${SITE_URL}${p.path}`)),
		);
	});
});
