const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** 123456 -> "$1,234.56" */
export function formatCents(cents: number): string {
	return usd.format(cents / 100);
}

/** Dollars typed by a person ("12.5") to integer cents, rounding to the nearest cent. */
export function dollarsToCents(dollars: number): number {
	return Math.round(dollars * 100);
}
