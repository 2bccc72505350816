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

	it("is PastDue with a pending bill past its due date, else Active or Suspended by status", () => {
		const today = "2026-12-10";
		expect(accountState({ billDueDate: "2026-12-09", status: "active" }, today)).toBe("PastDue");
		expect(accountState({ billDueDate: "2026-12-10", status: "active" }, today)).toBe("Active");
		expect(accountState({ billDueDate: "2027-01-09", status: "active" }, today)).toBe("Active");
		expect(accountState({ billDueDate: null, status: "active" }, today)).toBe("Active");
		expect(accountState({ billDueDate: "2027-01-09", status: "pending" }, today)).toBe("Suspended");
		expect(accountState({ billDueDate: null, status: "inactive" }, today)).toBe("Suspended");
	});
});
