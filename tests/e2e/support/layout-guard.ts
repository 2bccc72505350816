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
 * Until the screen has its data: a heading or main content, no loading indicator left (LoadingState and friends), every
 * image decoded, fonts ready, and two frames painted.
 */
export async function settle(page: Page) {
	await page.waitForLoadState("load");
	await page.waitForFunction(() => {
		if (!document.querySelector("main, h1, h2")) return false;
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
	/**
	 * Whether `el` sits in a box that clips it sideways or is fixed (then the page itself does not
	 * scroll for it); with `self`, a box of its own that clips its text counts too.
	 */
	const clippedOrFixed = (el: Element, self = false) => {
		const start = self ? el : el.parentElement;
		for (let a = start; a && a !== document.body; a = a.parentElement) {
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
 * The page scrolls sideways: the document is wider than the window. Names the causes first: a
 * word that cannot wrap (a long token, link or address) or a line kept from wrapping (nowrap)
 * that is wider than the window, widest first; then, when there is no such text, the deepest
 * elements past the edge. Whatever a scrolling or clipping box holds, or a fixed one, does not
 * count: the page itself does not scroll for it.
 */
async function horizontalOverflow(page: Page): Promise<string[]> {
	await helpers(page);
	return page.evaluate(() => {
		const g = window.__guard;
		const width = window.innerWidth;
		const scrollWidth = document.documentElement.scrollWidth;
		if (scrollWidth <= width) return [];
		// Wider than this, a piece of text cannot fit beside the page's own margins.
		const room = width - 32;
		const past = (r: DOMRect) => r.right > width + 0.5 || r.left < -0.5;
		const causes = new Map<Element, string>();
		const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		const range = document.createRange();
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			const parent = node.parentElement;
			const text = node.nodeValue ?? "";
			if (!text.trim() || !parent || causes.has(parent)) continue;
			range.selectNodeContents(node);
			const lines = [...range.getClientRects()];
			if (!lines.some(past) || g.clippedOrFixed(parent, true)) continue;
			// Its longest word, measured as laid out: one box when nothing breaks it.
			let longest = { index: 0, length: 0 };
			for (const m of text.matchAll(/\S+/g))
				if (m[0].length > longest.length) longest = { index: m.index, length: m[0].length };
			range.setStart(node, longest.index);
			range.setEnd(node, longest.index + longest.length);
			const word = [...range.getClientRects()];
			const wordWidth = word.length === 1 ? word[0]!.width : 0;
			const lineWidth = Math.max(...lines.map((r) => r.width));
			if (wordWidth > room)
				causes.set(
					parent,
					`a word ${Math.round(wordWidth)}px wide that cannot wrap, in ${g.describe(parent)}`,
				);
			else if (/nowrap|pre$/.test(getComputedStyle(parent).whiteSpace) && lineWidth > room)
				causes.set(
					parent,
					`a line ${Math.round(lineWidth)}px wide kept from wrapping (nowrap), in ${g.describe(parent)}`,
				);
		}
		const found = causes.size
			? [...causes.values()]
			: (() => {
					const all = [...document.body.querySelectorAll("*")].filter((el) => {
						const r = el.getBoundingClientRect();
						return (r.width > 0 || r.height > 0) && past(r) && !g.clippedOrFixed(el);
					});
					const deepest = all.filter((el) => !all.some((o) => o !== el && el.contains(o)));
					if (deepest.length) return deepest.map((el) => `past the edge: ${g.describe(el)}`);
					// Nothing's box is past the edge: the content of a box that lets it overflow is (a
					// long word in pre-wrapped text measures inside its box but lays out past it).
					const spilling = [...document.body.querySelectorAll("*")].filter(
						(el) =>
							el.clientWidth > 0 &&
							el.scrollWidth > room &&
							el.scrollWidth > el.clientWidth + 1 &&
							!g.clippedOrFixed(el, true),
					);
					return spilling
						.filter((el) => !spilling.some((o) => o !== el && el.contains(o)))
						.map(
							(el) =>
								`content ${el.scrollWidth}px wide overflows its ${el.clientWidth}px box: ${g.describe(el)}`,
						);
				})();
		return [
			`the page scrolls sideways: ${scrollWidth}px of content in a ${width}px window:`,
			...found.slice(0, 6).map((line) => `  ${line}`),
			...(found.length > 6 ? [`  and ${found.length - 6} more`] : []),
		];
	});
}

/** An open dialog whose content is wider than the dialog: it scrolls sideways inside. */
async function dialogOverflow(page: Page): Promise<string[]> {
	await helpers(page);
	return page.evaluate(() => {
		const g = window.__guard;
		const found: string[] = [];
		for (const dialog of document.querySelectorAll('[role="dialog"], [role="alertdialog"]')) {
			if (!g.visible(dialog) || dialog.scrollWidth <= dialog.clientWidth + 1) continue;
			const edge = dialog.getBoundingClientRect().right;
			const past = [...dialog.querySelectorAll("*")].filter(
				(el) => el.getBoundingClientRect().right > edge + 0.5,
			);
			const deepest = past.filter((el) => !past.some((o) => o !== el && el.contains(o)));
			found.push(
				`a dialog scrolls sideways: ${dialog.scrollWidth}px of content in ${dialog.clientWidth}px: ${g.describe(dialog)}`,
				...deepest.slice(0, 4).map((el) => `  past its edge: ${g.describe(el)}`),
			);
		}
		return found;
	});
}

/** Two cards (the ui Card, data-slot="card") of the page overlap, neither inside the other. */
async function overlappingCards(page: Page): Promise<string[]> {
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
async function coveredControls(page: Page): Promise<string[]> {
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
			// A disabled button lets the pointer through (pointer-events: none): look at it as if it
			// took the pointer, or anything under it would seem to cover it.
			const through = getComputedStyle(el).pointerEvents === "none";
			if (through) (el as HTMLElement).style.setProperty("pointer-events", "auto", "important");
			// A link broken over two lines: the middle of its first line.
			const box = [...el.getClientRects()].find((r) => r.width > 1 && r.height > 1);
			const x = box ? box.left + box.width / 2 : -1;
			const y = box ? box.top + box.height / 2 : -1;
			if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) {
				if (through) (el as HTMLElement).style.removeProperty("pointer-events");
				continue;
			}
			const hit = document.elementFromPoint(x, y);
			if (through) (el as HTMLElement).style.removeProperty("pointer-events");
			// A toast floats over the page for a moment on purpose.
			if (!hit || hit === el || el.contains(hit) || hit.closest("[data-sonner-toaster]")) continue;
			problems.push(`${g.describe(el)}\n    is covered by ${g.describe(hit)}`);
		}
		window.scrollTo({ left: scrollX, top: scrollY, behavior: "instant" });
		return problems.length
			? ["buttons or links covered by another element:", ...problems.map((p) => `  ${p}`)]
			: [];
	});
}

/**
 * E-mail addresses and phone numbers that wrap at a bad place: an address may break only after
 * its "@", before a dot or after a hyphen, a phone number only at a space. Looks at the mailto: and
 * tel: links and at EmailText and PhoneText (data-slot="email", "phone").
 */
async function badContactBreaks(page: Page): Promise<string[]> {
	await helpers(page);
	return page.evaluate(() => {
		const g = window.__guard;
		const found: string[] = [];
		const targets = document.querySelectorAll(
			'a[href^="mailto:"], a[href^="tel:"], [data-slot="email"], [data-slot="phone"]',
		);
		for (const el of targets) {
			if (!g.visible(el)) continue;
			const email =
				el.getAttribute("data-slot") === "email" ||
				(el.getAttribute("href") ?? "").startsWith("mailto:");
			// Each character and the line it is on (null when it takes no room: a space at a line's end).
			const chars: { char: string; top: number | null }[] = [];
			const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
			const range = document.createRange();
			for (let node = walker.nextNode(); node; node = walker.nextNode()) {
				const text = node.nodeValue ?? "";
				for (let i = 0; i < text.length; i++) {
					range.setStart(node, i);
					range.setEnd(node, i + 1);
					const box = range.getClientRects()[0];
					chars.push({ char: text[i]!, top: box && box.width > 0 ? box.top : null });
				}
			}
			const text = chars.map((c) => c.char).join("");
			let last = -1;
			for (let i = 0; i < chars.length; i++) {
				const top = chars[i]!.top;
				if (top === null) continue;
				if (last >= 0 && top > chars[last]!.top! + 2) {
					// The break lies between the last character shown and this one.
					const between = text.slice(last, i + 1);
					// An address: after its "@" or a hyphen, or before a dot; a phone: at a space.
					const fine = email
						? between.startsWith("@") || between.startsWith("-") || between.endsWith(".")
						: /\s/.test(between);
					if (!fine) {
						found.push(
							`${email ? "an e-mail address" : "a phone number"} breaks between "${text.slice(0, i)}" and "${text.slice(i)}": ${g.describe(el)}`,
						);
						break;
					}
				}
				last = i;
			}
		}
		return found.length ? ["contact details broken mid-word:", ...found.map((f) => `  ${f}`)] : [];
	});
}

/** A request's status shown as its code ("InProgress") rather than in words ("In Progress"). */
async function statusCodesShown(page: Page): Promise<string[]> {
	// biome-ignore lint/performance/useDomNodeTextContent: the text people see, not scripts' or hidden text
	const text = await page.evaluate(() => document.body.innerText);
	return /\bInProgress\b/.test(text)
		? ['a status shown as "InProgress" instead of "In Progress"']
		: [];
}

/**
 * Progress bars of another colour than every other one: evergreen (the theme's secondary colour)
 * filling a muted track (components/ui/progress.tsx).
 */
async function offColourProgressBars(page: Page): Promise<string[]> {
	await helpers(page);
	return page.evaluate(() => {
		const g = window.__guard;
		const probe = document.createElement("div");
		probe.className = "bg-secondary";
		document.body.append(probe);
		const fill = getComputedStyle(probe).backgroundColor;
		probe.className = "bg-muted";
		const track = getComputedStyle(probe).backgroundColor;
		probe.remove();
		const found: string[] = [];
		// Marked ones, and any thin bar whose one child is filled to a percentage of it.
		const bars = [...document.querySelectorAll("body *")].filter((el) => {
			if (el.matches('[role="progressbar"], [data-slot="progress"]')) return true;
			const child = el.firstElementChild as HTMLElement | null;
			return (
				el.childElementCount === 1 &&
				/%$/.test(child?.style.width ?? "") &&
				el.getBoundingClientRect().height <= 12
			);
		});
		for (const bar of bars) {
			const inner = bar.firstElementChild;
			if (!g.visible(bar) || !inner) continue;
			const colours = [
				getComputedStyle(bar).backgroundColor,
				getComputedStyle(inner).backgroundColor,
			];
			if (colours[0] !== track || colours[1] !== fill)
				found.push(
					`a progress bar ${colours[1]} on ${colours[0]}, not ${fill} on ${track}: ${g.describe(bar)}`,
				);
		}
		return found;
	});
}

/**
 * Every check of the page at its current size (layout, contact details, status words, progress
 * bar colours), each problem prefixed with `where`.
 */
export async function layoutProblems(page: Page, where: string): Promise<string[]> {
	const found = [
		...(await horizontalOverflow(page)),
		...(await dialogOverflow(page)),
		...(await overlappingCards(page)),
		...(await coveredControls(page)),
		...(await badContactBreaks(page)),
		...(await statusCodesShown(page)),
		...(await offColourProgressBars(page)),
	];
	return found.length ? [`${where}:\n${found.map((l) => `  ${l}`).join("\n")}`] : [];
}

/** The axe rules the product is held to: WCAG 2.0, 2.1 and 2.2 A and AA, and best practice. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] as const;

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
