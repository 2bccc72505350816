import { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from "./auth.ts";
import { BILL_STATUSES, PAYMENT_METHODS } from "./bills.ts";
import { QUOTE_FORM_MESSAGES, serviceChoiceSchema } from "./estimate.ts";
import { AMOUNT_TOO_HIGH, MAX_AMOUNT_CENTS } from "./money.ts";
import { billingAddressSchema, cardInputSchema } from "./payments.ts";
import { optionalText } from "./public-quote.ts";
import {
	priceAdjustmentSchema,
	QUOTE_STATUSES,
	quoteLineSchema,
	quoteViewSchema,
} from "./quotes.ts";
import { REQUEST_PRIORITIES, REQUEST_STATUSES, REQUEST_TYPES } from "./requests.ts";
import { tooLong, z } from "./zod.ts";

export const CUSTOMER_STATUSES = ["active", "inactive", "pending"] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const SERVICE_TYPES = ["installation", "maintenance", "removal"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

const PROGRESS_MILESTONES = 4;

/**
 * PastDue if a pending bill is past its due date, else Active if the customer is active, else
 * Suspended. A pending bill not yet due is shown beside the state ("Bill due {date}").
 */
const ACCOUNT_STATES = ["PastDue", "Active", "Suspended"] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/** `billDueDate`: the earliest due date of the customer's pending bills; `today` a business date. */
export function accountState(
	customer: { billDueDate: string | null; status: CustomerStatus },
	today: string,
): AccountState {
	if (customer.billDueDate !== null && customer.billDueDate < today) return "PastDue";
	return customer.status === "active" ? "Active" : "Suspended";
}

/**
 * What is due next for a customer: the earliest pending bill, else signing the contract, else the
 * installation, else the takedown; null when all is done.
 */
export function nextStep(c: {
	billDueDate: string | null;
	agreedToServices: boolean;
	installCompleted: boolean;
	takedownCompleted: boolean;
}): CustomerCard["nextStep"] {
	if (c.billDueDate) return { kind: "bill", date: c.billDueDate };
	if (!c.agreedToServices) return { kind: "contract", date: null };
	if (!c.installCompleted) return { kind: "install", date: null };
	if (!c.takedownCompleted) return { kind: "takedown", date: null };
	return null;
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

const customerCardSchema = z.object({
	id: z.uuid(),
	idNumber: z.number().int(),
	name: z.string(),
	email: z.string(),
	city: z.string().nullable(),
	/** The next thing due for this customer (see nextStep), or null when the season's work is done. */
	nextStep: z
		.object({
			kind: z.enum(["bill", "contract", "install", "takedown"]),
			/** The pending bill's due date (YYYY-MM-DD); null for the other kinds. */
			date: z.string().nullable(),
		})
		.nullable(),
	status: z.enum(CUSTOMER_STATUSES),
	imageFileId: z.uuid().nullable(),
	progressPercent: z.number().int(),
	fixCount: z.number().int(),
	colorCount: z.number().int(),
	hasPendingBills: z.boolean(),
	/** The earliest due date (YYYY-MM-DD) of the customer's pending bills; null when none is pending. */
	billDueDate: z.string().nullable(),
	/** On the monthly Plan for Next Year. */
	onPlan: z.boolean(),
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

// ---------------------------------------------------------------- the owner's customers

export const CUSTOMER_MESSAGES = {
	required: "Customer name, email, and password are required",
	nameRequired: "Customer name is required",
	emailRequired: "Email is required",
	addressAndService: QUOTE_FORM_MESSAGES.addressAndService,
	createFailed: "Failed to create customer account",
	emailInUse: "This email is already in use by another account",
	created: "Customer account created. We e-mailed them a link to sign in.",
	notFound: "Customer not found",
	updated: "Customer updated successfully",
	updateFailed: "Failed to update customer",
	imageTooLarge: "File size must be less than 5MB",
	notAnImage: "Please select an image file",
	imageRemoved: "Image removed",
	imageUploaded: (name: string) => `Image uploaded for ${name}`,
	noLogin: "This customer has no account to attach files or bills to",
	billPaid: "Bill marked as paid",
	billAlreadyPaid: "This bill is already paid",
	billNotFound: "Bill not found",
	billPaymentUndone: "Payment record undone: the bill is pending again",
	billUndoTooLate:
		"This payment can no longer be undone: a cash or check payment can be taken back for 2 minutes after it is recorded",
	billUndoNotPaid: "This bill is not paid, so there is no payment to undo",
	billUndoCard: "A card payment cannot be undone: refund it from the Billing tab instead",
	billUndoDeposit:
		"This deposit has booked an install day: move or cancel the booking instead of undoing the payment",
	mediaUploaded: "Installation photos uploaded",
	mediaRemoved: "Photo removed",
	noCustomers: "No customers found. Add your first customer above.",
	noMatches: "No customers match your search.",
} as const;

/** Largest customer image (PRODUCT: 5 MB; JPG, PNG or WebP). */
export const MAX_CUSTOMER_IMAGE_BYTES = 5 * 1024 * 1024;
export const CUSTOMER_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** Installation photos per upload. */
export const MAX_INSTALLATION_MEDIA = 6;

const required = (max: number, field: string, missing: string = CUSTOMER_MESSAGES.required) =>
	z.string(missing).trim().min(1, missing).max(max, tooLong(field, max));
const email = (missing?: string) =>
	required(254, "Email", missing)
		.pipe(z.email("Please enter a valid email address"))
		.transform((v) => v.toLowerCase());

/** One chosen service with the owner's price for one unit, in cents. */
const pricedServiceSchema = serviceChoiceSchema.extend({
	unitPriceCents: z
		.number("Please enter a price for every service")
		.int("Prices are in whole cents")
		.min(0, "Prices cannot be negative")
		.max(MAX_AMOUNT_CENTS, AMOUNT_TOO_HIGH),
});

/**
 * Add Customer (multipart: this JSON in `data`, images in `photos`): the login, the property and
 * the services at the owner's prices. The quote's total is the sum of price times quantity.
 */
export const createCustomerSchema = z.strictObject({
	name: required(100, "Name"),
	email: email(),
	password: z
		.string(CUSTOMER_MESSAGES.required)
		.min(1, CUSTOMER_MESSAGES.required)
		.min(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort)
		.max(PASSWORD_MAX, tooLong("Password", PASSWORD_MAX)),
	phone: optionalText(40, "Phone"),
	address: z
		.string(CUSTOMER_MESSAGES.addressAndService)
		.trim()
		.min(1, CUSTOMER_MESSAGES.addressAndService)
		.max(300, tooLong("Address", 300)),
	city: optionalText(100, "City"),
	state: optionalText(50, "State"),
	zipCode: optionalText(20, "ZIP code"),
	services: z
		.array(pricedServiceSchema)
		.min(1, CUSTOMER_MESSAGES.addressAndService)
		.max(50, "Too many services")
		.refine(
			(list) => new Set(list.map((s) => s.serviceId)).size === list.length,
			"Each service can be chosen once",
		),
	notes: optionalText(5000, "Notes"),
	/**
	 * The card for the first bill, sent only when number, expiry, CVV and name are all given: typed
	 * (test mode), or a payment method Stripe's own card fields made in the browser.
	 */
	payment: billingAddressSchema
		.extend({
			card: cardInputSchema.optional(),
			paymentMethodId: z
				.string()
				.regex(/^pm_[A-Za-z0-9_]{1,200}$/, "Invalid payment method")
				.optional(),
		})
		.refine((p) => p.card || p.paymentMethodId, "Enter the card's number, expiry, CVV and name")
		.optional(),
});
export type CreateCustomerInput = z.input<typeof createCustomerSchema>;

export const createdCustomerSchema = z.object({
	id: z.uuid(),
	idNumber: z.number().int(),
	userId: z.string(),
	quoteId: z.uuid(),
	billId: z.uuid(),
	totalCents: z.number().int(),
	/** With SPEC's payment note when a card was given. */
	message: z.string(),
	paymentResult: z.object({ success: z.boolean(), error: z.string().optional() }).optional(),
});

/** The owner's edit of a customer's record: any of these fields. */
export const updateCustomerSchema = z
	.strictObject({
		// The edit has no password: its messages name the field that is missing.
		name: required(100, "Name", CUSTOMER_MESSAGES.nameRequired),
		email: email(CUSTOMER_MESSAGES.emailRequired),
		phone: optionalText(40, "Phone"),
		address: optionalText(300, "Address"),
		city: optionalText(100, "City"),
		state: optionalText(50, "State"),
		zipCode: optionalText(20, "ZIP code"),
		status: z.enum(CUSTOMER_STATUSES, "Status must be active, inactive or pending"),
		serviceType: z.enum(SERVICE_TYPES, "Service type must be installation, maintenance or removal"),
		notes: optionalText(5000, "Notes"),
	})
	.partial();
export type UpdateCustomerInput = z.input<typeof updateCustomerSchema>;

export const PROGRESS_FLAGS = [
	"agreedToServices",
	"paidInvoice",
	"installCompleted",
	"takedownCompleted",
] as const;
export type ProgressFlag = (typeof PROGRESS_FLAGS)[number];
export const PROGRESS_LABELS: Record<ProgressFlag, string> = {
	agreedToServices: "Agreed to services",
	paidInvoice: "Paid invoice",
	installCompleted: "Installation complete",
	takedownCompleted: "Takedown complete",
};

/** Milestones to set; the others stay as they are. */
export const progressUpdateSchema = z
	.strictObject({
		agreedToServices: z.boolean(),
		paidInvoice: z.boolean(),
		installCompleted: z.boolean(),
		takedownCompleted: z.boolean(),
	})
	.partial()
	.refine((v) => Object.keys(v).length > 0, "Choose a milestone to change");

export const progressSchema = z.object({
	agreedToServices: z.boolean(),
	paidInvoice: z.boolean(),
	installCompleted: z.boolean(),
	takedownCompleted: z.boolean(),
	progressPercent: z.number().int(),
});

export const markBillPaidSchema = z.strictObject({
	method: z.enum(["cash", "check"], "Choose cash or check"),
});

export const customerSearchSchema = z.object({
	q: z.string().trim().max(100, "That search is too long").optional(),
	cursor: z.string().max(100).optional(),
	limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const customerPageSchema = z.object({
	customers: z.array(customerCardSchema),
	nextCursor: z.string().nullable(),
});

const mediaSchema = z.object({ id: z.uuid(), fileName: z.string(), createdAt: z.string() });
export type MediaFile = z.infer<typeof mediaSchema>;

/** Everything the owner's customer page shows. */
export const customerDetailSchema = z.object({
	customer: z.object({
		id: z.uuid(),
		idNumber: z.number().int(),
		userId: z.string().nullable(),
		name: z.string(),
		email: z.string(),
		phone: z.string().nullable(),
		address: z.string().nullable(),
		city: z.string().nullable(),
		state: z.string().nullable(),
		zipCode: z.string().nullable(),
		status: z.enum(CUSTOMER_STATUSES),
		serviceType: z.enum(SERVICE_TYPES),
		notes: z.string().nullable(),
		imageFileId: z.uuid().nullable(),
		agreedToServices: z.boolean(),
		paidInvoice: z.boolean(),
		installCompleted: z.boolean(),
		takedownCompleted: z.boolean(),
		progressPercent: z.number().int(),
		createdAt: z.string(),
	}),
	bills: z.array(
		z.object({
			id: z.uuid(),
			description: z.string(),
			amountCents: z.number().int(),
			dueDate: z.string(),
			status: z.enum(BILL_STATUSES),
			paidAt: z.string().nullable(),
			paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
			/** The season it belongs to, "2026-27". */
			seasonId: z.string(),
			createdAt: z.string(),
		}),
	),
	quotes: z.array(
		z.object({
			id: z.uuid(),
			status: z.enum(QUOTE_STATUSES),
			address: z.string(),
			city: z.string().nullable(),
			services: z.array(quoteLineSchema),
			totalEstimateCents: z.number().int(),
			revisedPriceCents: z.number().int().nullable(),
			adjustments: z.array(priceAdjustmentSchema),
			notes: z.string().nullable(),
			photoIds: z.array(z.uuid()),
			createdAt: z.string(),
		}),
	),
	serviceRequests: z.array(
		z.object({
			id: z.uuid(),
			requestType: z.enum(REQUEST_TYPES),
			details: z.string().nullable(),
			priority: z.enum(REQUEST_PRIORITIES),
			requestedColorScheme: z.string().nullable(),
			status: z.enum(REQUEST_STATUSES),
			createdAt: z.string(),
		}),
	),
	installationMedia: z.array(mediaSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** The installation photos a customer sees on their Home tab. */
export const installationMediaSchema = z.object({ media: z.array(mediaSchema) });
