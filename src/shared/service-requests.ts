import { BILL_STATUSES } from "./bills.ts";
import {
	COLOR_SCHEMES,
	CUSTOMER_REQUEST_TYPES,
	MAX_CUSTOM_COLORS,
	MAX_REQUEST_DETAILS,
	REQUEST_MESSAGES,
	REQUEST_PRIORITIES,
	REQUEST_STATUSES,
	REQUEST_TYPES,
} from "./requests.ts";
import { tooLong, z } from "./zod.ts";

const text = (max: number, message: string) =>
	z
		.string()
		.trim()
		.max(max, message)
		.nullish()
		.transform((v) => (v ? v : null));

const requestFields = {
	details: text(MAX_REQUEST_DETAILS, `Details can be at most ${MAX_REQUEST_DETAILS} characters`),
	priority: z.enum(REQUEST_PRIORITIES, "Priority must be Normal or Urgent").default("Normal"),
	colorScheme: z.enum(COLOR_SCHEMES, "Please choose a color scheme from the list").nullish(),
	customColors: text(MAX_CUSTOM_COLORS, tooLong("Colors", MAX_CUSTOM_COLORS)),
};

/** A colour scheme goes with Change Colors only, and Custom needs the customer's words. */
function checkColors(
	value: { requestType: string; colorScheme?: string | null; customColors: string | null },
	ctx: z.RefinementCtx,
) {
	const issue = (message: string, path: string) =>
		ctx.addIssue({ code: "custom", message, path: [path] });
	if (value.requestType !== "ChangeColor") {
		if (value.colorScheme) issue(REQUEST_MESSAGES.colorOnlyForChange, "colorScheme");
		else if (value.customColors) issue(REQUEST_MESSAGES.colorOnlyForChange, "customColors");
		return;
	}
	if (!value.colorScheme) issue(REQUEST_MESSAGES.colorRequired, "colorScheme");
	else if (value.colorScheme === "Custom" && !value.customColors)
		issue(REQUEST_MESSAGES.customRequired, "customColors");
	else if (value.colorScheme !== "Custom" && value.customColors)
		issue(REQUEST_MESSAGES.customOnlyForCustom, "customColors");
}

/** A customer's request (multipart: this JSON in `data`, images in `photos`). */
export const newRequestSchema = z
	.strictObject({
		requestType: z.enum(
			CUSTOMER_REQUEST_TYPES,
			"Request type must be Fix, ChangeColor or MoreLights",
		),
		...requestFields,
	})
	.superRefine((value, ctx) => {
		checkColors(value, ctx);
		// A problem report says what the problem is: an empty one tells the business nothing.
		if (value.requestType === "Fix" && !value.details)
			ctx.addIssue({
				code: "custom",
				message: REQUEST_MESSAGES.describeProblem,
				path: ["details"],
			});
	});
export type NewRequestInput = z.input<typeof newRequestSchema>;

/** A request the owner adds for a customer: every type, no photos. */
export const ownerNewRequestSchema = z
	.strictObject({
		requestType: z.enum(REQUEST_TYPES, `Request type must be one of ${REQUEST_TYPES.join(", ")}`),
		...requestFields,
	})
	.superRefine(checkColors);
export type OwnerNewRequestInput = z.input<typeof ownerNewRequestSchema>;

/** A request as its customer sees it. */
const requestViewSchema = z.object({
	id: z.uuid(),
	requestType: z.enum(REQUEST_TYPES),
	details: z.string().nullable(),
	priority: z.enum(REQUEST_PRIORITIES),
	colorScheme: z.string().nullable(),
	customColors: z.string().nullable(),
	status: z.enum(REQUEST_STATUSES),
	photoIds: z.array(z.uuid()),
	/** The colour-change fee bill, when one was made. */
	fee: z.object({ amountCents: z.number().int(), status: z.enum(BILL_STATUSES) }).nullable(),
	createdAt: z.string(),
	updatedAt: z.string(),
});
export type RequestView = z.infer<typeof requestViewSchema>;

/** The customer's history, newest first, a page at a time, and the colour fee the form shows. */
export const myRequestsSchema = z.object({
	requests: z.array(requestViewSchema),
	nextCursor: z.string().nullable(),
	/** Whether an open or in-progress request exists (the Home card's Active badge). */
	active: z.boolean(),
	/** The fee a Change Colors request adds to QuickPay now; null while payment is not required. */
	colorFeeCents: z.number().int().nullable(),
});

/** A request on the owner's list, with its customer. */
const ownerRequestSchema = requestViewSchema.extend({
	customer: z.object({
		id: z.uuid().nullable(),
		idNumber: z.number().int().nullable(),
		name: z.string(),
		email: z.string(),
		phone: z.string().nullable(),
		address: z.string().nullable(),
		city: z.string().nullable(),
		state: z.string().nullable(),
		zipCode: z.string().nullable(),
	}),
});
export type OwnerRequest = z.infer<typeof ownerRequestSchema>;

export const ownerRequestPageSchema = z.object({
	requests: z.array(ownerRequestSchema),
	nextCursor: z.string().nullable(),
});

/** What the owner does with a request on the list. */
export const REQUEST_ACTIONS = ["start", "complete", "cancel"] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

export const requestChangeSchema = z.object({
	id: z.uuid(),
	status: z.enum(REQUEST_STATUSES),
	message: z.string(),
});
