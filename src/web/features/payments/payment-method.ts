import type { PaymentMethod } from "../../../shared/bills.ts";

const BRANDS: Record<string, string> = {
	visa: "Visa",
	mastercard: "Mastercard",
	amex: "American Express",
	discover: "Discover",
	diners: "Diners Club",
	jcb: "JCB",
	unionpay: "UnionPay",
};

/** "visa" as people write it: "Visa"; an unknown brand is just "Card". */
export function brandName(brand: string | null | undefined): string {
	return (brand && BRANDS[brand.toLowerCase()]) || "Card";
}

/** "Card •••• 4242", "Visa •••• 4242", "Cash" or "Check". */
export function methodLabel(
	method: PaymentMethod | null,
	card?: { cardBrand: string | null; cardLast4: string | null },
): string {
	if (method === "cash") return "Cash";
	if (method === "check") return "Check";
	if (method !== "card") return "";
	const brand = card?.cardBrand ? brandName(card.cardBrand) : "Card";
	return card?.cardLast4 ? `${brand} •••• ${card.cardLast4}` : brand;
}
