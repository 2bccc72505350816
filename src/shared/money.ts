const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** 123456 -> "$1,234.56" */
export function formatCents(cents: number): string {
	return usd.format(cents / 100);
}

/** Dollars typed by a person ("12.5") to integer cents, rounding to the nearest cent. */
export function dollarsToCents(dollars: number): number {
	return Math.round(dollars * 100);
}

/**
 * The most any price, bill or total may be: $1,000,000.00. Far beyond any lighting job, and well
 * within what the database's integer columns hold. Every schema and total is checked against it.
 */
export const MAX_AMOUNT_CENTS = 100_000_000;
export const AMOUNT_TOO_HIGH = "That is more than $1,000,000.00, the most one bill can be";
