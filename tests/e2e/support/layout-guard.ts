import AxeBuilder from "@axe-core/playwright";
import type { Page } from "./fixtures.ts";

/**
 * The layout guard's checks (tests/e2e/guard): each looks at the page as it is now and answers the
 * problems it found, one line each, naming the offending elements by tag, text and box; none when
 * the page is fine.
 */

/** The phone and desk widths every screen is checked at, with a height of that kind of screen. */
export const WIDTHS = [
	{ width: 360, height: 740 },
	{ width: 390, height: 844 },
	{ width: 1024, height: 768 },
	{ width: 1280, height: 800 },
	{ width: 1440, height: 900 },
] as const;

/**
 * Until the screen has its data: no loading indicator left (LoadingState and friends), every
 * image decoded, fonts ready, and two frames painted.
 */
export async function settle(page: Page) {
	await page.locator("h1").first().waitFor({ state: "attached" });
	await page.waitForFunction(() => {
		const loading = [...document.querySelectorAll('[role="status"], [aria-busy="true"]')].some(
			(el) => /^\s*Loading/i.test(el.textContent ?? "") || el.getAttribute("aria-busy") === "true",
		);
		const images = [...document.images].every((img) => img.complete || img.loading === "lazy");
		return !loading && images && document.fonts.status === "loaded";
	});
	await page.evaluate(
		() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
	);
}

/** Resizes the page's viewport and waits for the layout to follow. */
export async function resize(page: Page, size: { width: number; height: number }) {
	await page.setViewportSize(size);
	await page.waitForFunction((w) => window.innerWidth === w, size.width);
	await page.evaluate(
		() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
	);
}

/** The element helpers, defined once in the page (`window.__guard`). */
const IN_PAGE = () => {
	const describe = (el: Element) => {
		const r = el.getBoundingClientRect();
		const id = el.id ? `#${el.id}` : "";
		const slot = el.getAttribute("data-slot") ? `[data-slot=${el.getAttribute("data-slot")}]` : "";
		const label = el.getAttribute("aria-label");
		const text = (label ?? el.textContent ?? "").replace(/\s+/g, " ").trim();
		const shortText = text.length > 60 ? `${text.slice(0, 57)}...` : text;
		return `<${el.tagName.toLowerCase()}${id}${slot}> "${shortText}" at x=${Math.round(r.left)} y=${Math.round(r.top + window.scrollY)} ${Math.round(r.width)}x${Math.round(r.height)}`;
	};
	const visible = (el: Element) => {
		if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
		const r = el.getBoundingClientRect();
		return r.width > 1 && r.height > 1;
	};
	/** Whether `el` sits in a box that clips it sideways (then the page itself does not scroll). */
	const clippedOrFixed = (el: Element) => {
		for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
			const style = getComputedStyle(a);
			if (style.position === "fixed") return true;
			if (style.overflowX !== "visible") return true;
		}
		return getComputedStyle(el).position === "fixed";
	};
	return { describe, visible, clippedOrFixed };
};

async function helpers(page: Page) {
	await page.evaluate(`window.__guard = (${IN_PAGE.toString()})()`);
}

type Guard = ReturnType<typeof IN_PAGE>;
declare global {
	interface Window {
		__guard: Guard;
	}
}

/**
 * The page scrolls sideways: the document is wider than the window. Names the deepest elements
 * that reach past the window's edges and are not clipped by a scrolling or hidden-overflow box.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
	await helpers(page);
	return page.evaluate(() => {
		const g = window.__guard;
		const width = window.innerWidth;
		const scrollWidth = document.documentElement.scrollWidth;
		if (scrollWidth <= width) return [];
		const past = [...document.body.querySelectorAll("*")].filter((el) => {
			const r = el.getBoundingClientRect();
			if (r.width === 0 && r.height === 0) return false;
			return (r.right > width + 0.5 || r.left < -0.5) && !g.clippedOrFixed(el);
		});
		// The deepest ones: whatever holds them is only as wide as they are.
		const deepest = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
		return [
			`the page scrolls sideways: ${scrollWidth}px of content in a ${width}px window; too wide:`,
			...deepest.slice(0, 8).map((el) => `  ${g.describe(el)}`),
		];
	});
}

/** Two cards (the ui Card, data-slot="card") of the page overlap, neither inside the other. */
export async function overlappingCards(page: Page): Promise<string[]> {
	await helpers(page);
	return page.evaluate(() => {
		const g = window.__guard;
		const cards = [...document.querySelectorAll('[data-slot="card"]')].filter(g.visible);
		const problems: string[] = [];
		for (let i = 0; i < cards.length; i++) {
			for (let j = i + 1; j < cards.length; j++) {
				const a = cards[i]!;
				const b = cards[j]!;
				if (a.contains(b) || b.contains(a)) continue;
				const ra = a.getBoundingClientRect();
				const rb = b.getBoundingClientRect();
				const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
				const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
				if (w > 1 && h > 1)
					problems.push(
						`cards overlap by ${Math.round(w)}x${Math.round(h)}px:\n  ${g.describe(a)}\n  ${g.describe(b)}`,
					);
			}
		}
		return problems;
	});
}

/**
 * A visible button or link whose centre another element covers: scrolled to the middle of the
 * window, the element at its centre is neither it nor inside it. Within an open dialog, only the
 * dialog's own controls count (the rest is behind its overlay on purpose).
 */
export async function coveredControls(page: Page): Promise<string[]> {
	await helpers(page);
	return page.evaluate(() => {
		const g = window.__guard;
		const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter(
			g.visible,
		);
		const root: ParentNode = dialogs.at(-1) ?? document;
		const controls = [
			...root.querySelectorAll('a[href], button, [role="button"], [role="link"]'),
		].filter(g.visible);
		const problems: string[] = [];
		const { scrollX, scrollY } = window;
		for (const el of controls) {
			el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
			// A link broken over two lines: the middle of its first line.
			const box = [...el.getClientRects()].find((r) => r.width > 1 && r.height > 1);
			if (!box) continue;
			const x = box.left + box.width / 2;
			const y = box.top + box.height / 2;
			if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
			const hit = document.elementFromPoint(x, y);
			if (!hit || hit === el || el.contains(hit)) continue;
			problems.push(`${g.describe(el)}\n    is covered by ${g.describe(hit)}`);
		}
		window.scrollTo({ left: scrollX, top: scrollY, behavior: "instant" });
		return problems.length
			? ["buttons or links covered by another element:", ...problems.map((p) => `  ${p}`)]
			: [];
	});
}

/** Every layout check of the page at its current size, each problem prefixed with `where`. */
export async function layoutProblems(page: Page, where: string): Promise<string[]> {
	const found = [
		...(await horizontalOverflow(page)),
		...(await overlappingCards(page)),
		...(await coveredControls(page)),
	];
	return found.length ? [`${where}:\n${found.map((l) => `  ${l}`).join("\n")}`] : [];
}

/** The axe rules the product is held to: WCAG 2.0, 2.1 and 2.2 A and AA, and best practice. */
export const AXE_TAGS = [
	"wcag2a",
	"wcag2aa",
	"wcag21a",
	"wcag21aa",
	"wcag22aa",
	"best-practice",
] as const;

/** Axe's serious and critical violations on the page as it is now, one line each. */
export async function seriousA11yViolations(
	page: Page,
	tags: readonly string[] = AXE_TAGS,
): Promise<{ id: string; impact: string; help: string; targets: string[] }[]> {
	const results = await new AxeBuilder({ page }).withTags([...tags]).analyze();
	return results.violations
		.filter((v) => v.impact === "serious" || v.impact === "critical")
		.map((v) => ({
			id: v.id,
			impact: v.impact!,
			help: v.help,
			targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
		}));
}
