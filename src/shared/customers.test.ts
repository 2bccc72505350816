import { describe, expect, it } from "vitest";
import { accountState, progressPercent } from "./customers.ts";

describe("customer card rules", () => {
	it("counts milestones out of four", () => {
		const none = {
			agreedToServices: false,
			paidInvoice: false,
			installCompleted: false,
			takedownCompleted: false,
		};
		expect(progressPercent(none)).toBe(0);
		expect(progressPercent({ ...none, agreedToServices: true })).toBe(25);
		expect(
			progressPercent({
				...none,
				agreedToServices: true,
				installCompleted: true,
				paidInvoice: true,
			}),
		).toBe(75);
		expect(
			progressPercent({
				agreedToServices: true,
				paidInvoice: true,
				installCompleted: true,
				takedownCompleted: true,
			}),
		).toBe(100);
	});

	it("is PastDue with a pending bill, else Active or Suspended by status", () => {
		expect(accountState({ hasPendingBills: true, status: "active" })).toBe("PastDue");
		expect(accountState({ hasPendingBills: false, status: "active" })).toBe("Active");
		expect(accountState({ hasPendingBills: false, status: "pending" })).toBe("Suspended");
		expect(accountState({ hasPendingBills: false, status: "inactive" })).toBe("Suspended");
	});
});
