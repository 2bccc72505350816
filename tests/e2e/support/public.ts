import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./fixtures.ts";

export const PUBLIC_PATHS = ["/", "/quote", "/contact", "/privacy", "/terms", "/refunds"] as const;

/** sonner's live region. */
export const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** Every file under `dir` (recursively); none when it does not exist. */
export function filesUnder(dir: string): string[] {
	if (!fs.existsSync(dir)) return [];
	return fs
		.readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((e) => e.isFile())
		.map((e) => path.join(e.parentPath, e.name));
}

/** Axe (WCAG 2.1 A/AA): no serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page) {
	const results = await new AxeBuilder({ page })
		.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
		.analyze();
	const serious = results.violations
		.filter((v) => v.impact === "serious" || v.impact === "critical")
		.map((v) => ({
			id: v.id,
			impact: v.impact,
			help: v.help,
			targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
		}));
	expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}
