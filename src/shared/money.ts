/**
 * 123456 -> "$1,234.56", -5 -> "-$0.05": what Intl.NumberFormat("en-US", { style: "currency",
 * currency: "USD" }) writes (money.test.ts compares the two), without it: making that formatter
 * loads the browser's locale data, about 10 ms of a phone's CPU while the quote page starts
 * (decision 018).
 */
export function formatCents(cents: number): string {
	const whole = Math.round(Math.abs(cents));
	const dollars = groupDigits(Math.floor(whole / 100));
	const sign = cents < 0 || Object.is(cents, -0) ? "-" : "";
	return `${sign}$${dollars}.${String(whole % 100).padStart(2, "0")}`;
}

/** 12345 -> "12,345", as `toLocaleString("en-US")` writes a whole number, without Intl. */
export function groupDigits(n: number): string {
	return String(n).replace(/\B(?=(\d{3})+$)/g, ",");
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
