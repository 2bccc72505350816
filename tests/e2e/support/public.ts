import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "./fixtures.ts";
import { seriousA11yViolations } from "./layout-guard.ts";

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

/**
 * Axe with the rules the layout guard uses too (WCAG 2.0 to 2.2 A and AA, and best practice): no
 * serious or critical violations.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
	const serious = await seriousA11yViolations(page);
	expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}
