import { quoteViewSchema } from "./quotes.ts";
import { z } from "./zod.ts";

export const CUSTOMER_STATUSES = ["active", "inactive", "pending"] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const SERVICE_TYPES = ["installation", "maintenance", "removal"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const PROGRESS_MILESTONES = 4;

/** PastDue if any bill is pending, else Active if the customer is active, else Suspended. */
export const ACCOUNT_STATES = ["PastDue", "Active", "Suspended"] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export function accountState(customer: {
	hasPendingBills: boolean;
	status: CustomerStatus;
}): AccountState {
	if (customer.hasPendingBills) return "PastDue";
	return customer.status === "active" ? "Active" : "Suspended";
}

/** Share of the four milestones done, as a whole percent. */
export function progressPercent(flags: {
	agreedToServices: boolean;
	paidInvoice: boolean;
	installCompleted: boolean;
	takedownCompleted: boolean;
}): number {
	const done = [
		flags.agreedToServices,
		flags.paidInvoice,
		flags.installCompleted,
		flags.takedownCompleted,
	].filter(Boolean).length;
	return Math.round((done / PROGRESS_MILESTONES) * 100);
}

export const customerCardSchema = z.object({
	id: z.uuid(),
	idNumber: z.number().int(),
	name: z.string(),
	email: z.string(),
	status: z.enum(CUSTOMER_STATUSES),
	imageFileId: z.uuid().nullable(),
	progressPercent: z.number().int(),
	fixCount: z.number().int(),
	colorCount: z.number().int(),
	hasPendingBills: z.boolean(),
	accountState: z.enum(ACCOUNT_STATES),
	createdAt: z.string(),
});
export type CustomerCard = z.infer<typeof customerCardSchema>;

export const dashboardSchema = z.object({
	stats: z.object({
		pendingQuotes: z.number().int(),
		approvedQuotes: z.number().int(),
		activeCustomers: z.number().int(),
		pendingRequests: z.number().int(),
	}),
	recentQuotes: z.array(quoteViewSchema),
	customers: z.array(customerCardSchema),
	nextCursor: z.string().nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** What the customer app shows of the customer's own record. */
export const myCustomerSchema = z.object({
	idNumber: z.number().int(),
	serviceType: z.enum(SERVICE_TYPES),
	agreedToServices: z.boolean(),
	paidInvoice: z.boolean(),
	installCompleted: z.boolean(),
	takedownCompleted: z.boolean(),
	progressPercent: z.number().int(),
});
export type MyCustomer = z.infer<typeof myCustomerSchema>;
