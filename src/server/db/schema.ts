import { sql } from "drizzle-orm";
import {
	bigint,
	boolean,
	check,
	date,
	index,
	integer,
	jsonb,
	pgSequence,
	pgTable,
	primaryKey,
	smallint,
	text,
	timestamp,
	uniqueIndex,
	uuid,
} from "drizzle-orm/pg-core";
import { ACCOUNT_STATUSES, CHAT_ROLES, INVITE_ROLES, ROLES, VIEWS } from "../../shared/auth.ts";
import { AUTOMATION_KINDS } from "../../shared/automations.ts";
import { BILL_STATUSES, PAYMENT_METHODS } from "../../shared/bills.ts";
import { BOOKING_KINDS, BOOKING_STATUSES, WINDOW_AUDIENCES } from "../../shared/bookings.ts";
import { MESSAGE_TYPES } from "../../shared/chat.ts";
import { CUSTOMER_STATUSES, SERVICE_TYPES } from "../../shared/customers.ts";
import { FILE_KINDS } from "../../shared/files.ts";
import {
	NOTIFICATION_CATEGORIES,
	PUSH_KIND_NAMES,
	PUSH_STATUSES,
} from "../../shared/notifications.ts";
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES, PLAN_STATUSES } from "../../shared/payments.ts";
import { QUOTE_STATUSES, type QuoteLine } from "../../shared/quotes.ts";
import { RENEWAL_STATUSES } from "../../shared/renewals.ts";
import { REQUEST_PRIORITIES, REQUEST_STATUSES, REQUEST_TYPES } from "../../shared/requests.ts";
import { BIN_STATES } from "../../shared/storage.ts";

/**
 * Every table of the product. Money is integer cents (`*_cents`); times are timestamptz.
 * Enumerations are text columns with CHECK constraints so both PostgreSQL and PGlite enforce them.
 * Their values are defined once in src/shared, beside the schemas the API and forms use; only lists
 * no one outside the database sees (dashboard counter names, outbox states) are defined here.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const inList = (column: string, values: readonly string[]) =>
	sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

// ---------------------------------------------------------------- accounts (better-auth)

export const users = pgTable("users", {
	id: text("id").primaryKey(),
	name: text("name").notNull(),
	email: text("email").notNull().unique(),
	emailVerified: boolean("email_verified").notNull().default(false),
	image: text("image"),
	createdAt: createdAt(),
	updatedAt: updatedAt(),
});

export const sessions = pgTable(
	"sessions",
	{
		id: text("id").primaryKey(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		/**
		 * SHA-256 (hex) of the token in the session cookie, never the token itself: a copy of the
		 * database, even with the cookie-signing secret, signs no one in (auth/session-token.ts).
		 */
		token: text("token").notNull().unique(),
		expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
		ipAddress: text("ip_address"),
		userAgent: text("user_agent"),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
	"accounts",
	{
		id: text("id").primaryKey(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		accountId: text("account_id").notNull(),
		providerId: text("provider_id").notNull(),
		accessToken: text("access_token"),
		refreshToken: text("refresh_token"),
		idToken: text("id_token"),
		accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
		refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
		scope: text("scope"),
		password: text("password"),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index("accounts_user_id_idx").on(t.userId)],
);

/** Password-reset and similar one-time tokens; identifiers are stored hashed. */
export const verifications = pgTable(
	"verifications",
	{
		id: text("id").primaryKey(),
		identifier: text("identifier").notNull(),
		value: text("value").notNull(),
		expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** better-auth's own limiter (sign-in, password reset): better-auth writes and prunes it. */
export const rateLimits = pgTable("rate_limits", {
	id: text("id").primaryKey(),
	key: text("key").notNull().unique(),
	count: integer("count").notNull(),
	lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * The product's own limits (public forms, sign-up, owner invites): fixed windows per key, kept
 * apart from better-auth's table, whose pruning would otherwise reset them.
 */
export const requestLimits = pgTable(
	"request_limits",
	{
		key: text("key").primaryKey(),
		count: integer("count").notNull(),
		/** When the current window began, in milliseconds since the epoch. */
		windowStart: bigint("window_start", { mode: "number" }).notNull(),
	},
	(t) => [index("request_limits_window_start_idx").on(t.windowStart)],
);

/**
 * The answers of creating requests sent with an Idempotency-Key (lib/idempotency.ts): one row per
 * caller (`scope`: the account, or the client's address on public routes) and key. A repeat gets
 * the stored answer; the row is claimed while the first request runs (`status` pending), so a
 * repeat arriving meanwhile, on any instance, waits for it. Rows are dropped once expired.
 */
export const IDEMPOTENCY_STATUSES = ["pending", "done"] as const;

export const idempotencyKeys = pgTable(
	"idempotency_keys",
	{
		scope: text("scope").notNull(),
		key: text("key").notNull(),
		/** Method, path and a hash of the body: the same key with another request is refused. */
		fingerprint: text("fingerprint").notNull(),
		status: text("status", { enum: IDEMPOTENCY_STATUSES }).notNull().default("pending"),
		responseStatus: integer("response_status"),
		responseBody: text("response_body"),
		/** When the first request claimed the key; a pending claim this old was abandoned. */
		lockedAt: timestamp("locked_at", { withTimezone: true }).notNull().defaultNow(),
		expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
	},
	(t) => [
		uniqueIndex("idempotency_keys_scope_key_idx").on(t.scope, t.key),
		check("idempotency_keys_status_check", inList("status", IDEMPOTENCY_STATUSES)),
		index("idempotency_keys_expires_at_idx").on(t.expiresAt),
	],
);

// ---------------------------------------------------------------- profiles and owner invites

export const profiles = pgTable(
	"profiles",
	{
		userId: text("user_id")
			.primaryKey()
			.references(() => users.id, { onDelete: "cascade" }),
		displayName: text("display_name").notNull(),
		phone: text("phone"),
		/** What the account may do: granted, never self-selected. */
		role: text("role", { enum: ROLES }).notNull().default("customer"),
		/** Which area an owner is looking at; owners may preview the customer app. */
		view: text("view", { enum: VIEWS }).notNull().default("customer"),
		accountStatus: text("account_status", { enum: ACCOUNT_STATUSES }).notNull().default("inactive"),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		check("profiles_role_check", inList("role", ROLES)),
		check("profiles_view_check", inList("view", VIEWS)),
		check("profiles_view_allowed_check", sql`role = 'owner' or view = 'customer'`),
		check("profiles_account_status_check", inList("account_status", ACCOUNT_STATUSES)),
		index("profiles_role_idx").on(t.role),
	],
);

export const ownerInvites = pgTable(
	"owner_invites",
	{
		id: uuid("id").primaryKey().defaultRandom(),
		/** SHA-256 of the invite code; the code itself is only ever shown once. */
		codeHash: text("code_hash").notNull().unique(),
		email: text("email"),
		createdBy: text("created_by")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
		usedAt: timestamp("used_at", { withTimezone: true }),
		usedBy: text("used_by").references(() => users.id, { onDelete: "set null" }),
		/** What the invitation grants: owner capability, or a crew account. */
		role: text("role", { enum: INVITE_ROLES }).notNull().default("owner"),
		createdAt: createdAt(),
	},
	(t) => [
		index("owner_invites_created_at_idx").on(t.createdAt),
		check("owner_invites_role_check", inList("role", INVITE_ROLES)),
	],
);

// ---------------------------------------------------------------- customers

export const customerNumberSeq = pgSequence("customer_number_seq", { startWith: 1001 });

export const customers = pgTable(
	"customers",
	{
		id: uuid("id").primaryKey().defaultRandom(),
		userId: text("user_id")
			.unique()
			.references(() => users.id, { onDelete: "set null" }),
		/** Human-readable customer number (#1001, #1002, ...). */
		idNumber: integer("id_number").notNull().unique().default(sql`nextval('customer_number_seq')`),
		name: text("name").notNull(),
		email: text("email").notNull(),
		phone: text("phone"),
		address: text("address"),
		city: text("city"),
		state: text("state"),
		zipCode: text("zip_code"),
		status: text("status", { enum: CUSTOMER_STATUSES }).notNull().default("pending"),
		serviceType: text("service_type", { enum: SERVICE_TYPES }).notNull().default("installation"),
		notes: text("notes"),
		imageFileId: uuid("image_file_id"),
		agreedToServices: boolean("agreed_to_services").notNull().default(false),
		paidInvoice: boolean("paid_invoice").notNull().default(false),
		installCompleted: boolean("install_completed").notNull().default(false),
		takedownCompleted: boolean("takedown_completed").notNull().default(false),
		/**
		 * What the owner's search looks in, lower case: name, e-mail, number, phone (as written and
		 * digits only) and street. Kept by the database; trigram-indexed so `like '%term%'` is fast.
		 */
		searchText: text("search_text")
			.notNull()
			.generatedAlwaysAs(
				sql`lower(name || ' ' || email || ' ' || id_number::text || ' ' || coalesce(phone, '') || ' ' || translate(coalesce(phone, ''), '()-. +', '') || ' ' || coalesce(address, ''))`,
			),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		check("customers_status_check", inList("status", CUSTOMER_STATUSES)),
		index("customers_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
		check("customers_service_type_check", inList("service_type", SERVICE_TYPES)),
		index("customers_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
		index("customers_status_idx").on(t.status),
	],
);

/**
 * What a house needs, kept from year to year (one row per customer, made on the first save). The
 * gate code is for the owner and the crews only: never in an e-mail, a push or a customer's answer.
 */
export const propertySpecs = pgTable(
	"property_specs",
	{
		customerId: uuid("customer_id")
			.primaryKey()
			.references(() => customers.id, { onDelete: "cascade" }),
		rooflineFeet: integer("roofline_feet"),
		treesSmall: smallint("trees_small"),
		treesMedium: smallint("trees_medium"),
		treesLarge: smallint("trees_large"),
		outletLocations: text("outlet_locations"),
		timerLocation: text("timer_location"),
		gateCode: text("gate_code"),
		ladderNeeds: text("ladder_needs"),
		pets: text("pets"),
		notes: text("notes"),
		updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
		updatedAt: updatedAt(),
	},
	() => [
		check("property_specs_roofline_check", sql`roofline_feet between 0 and 100000`),
		check(
			"property_specs_trees_check",
			sql`trees_small between 0 and 1000 and trees_medium between 0 and 1000 and trees_large between 0 and 1000`,
		),
	],
);

/** Notes the crews (or the owner) leave on a house, newest last; kept beside its specs. */
export const propertyNotes = pgTable(
	"property_notes",
	{
		id: uuid("id").primaryKey().defaultRandom(),
		customerId: uuid("customer_id")
			.notNull()
			.references(() => customers.id, { onDelete: "cascade" }),
		authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
		authorName: text("author_name").notNull(),
		body: text("body").notNull(),
		createdAt: createdAt(),
	},
	(t) => [index("property_notes_customer_idx").on(t.customerId, t.createdAt)],
);

// ---------------------------------------------------------------- catalogue

export const serviceOptions = pgTable(
	"service_options",
	{
		id: uuid("id").primaryKey().defaultRandom(),
		name: text("name").notNull(),
		description: text("description").notNull(),
		basePriceCents: integer("base_price_cents").notNull(),
		hasQuantity: boolean("has_quantity").notNull().default(false),
		isActive: boolean("is_active").notNull().default(true),
		sortOrder: integer("sort_order").notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		check("service_options_price_check", sql`base_price_cents >= 0`),
		index("service_options_sort_idx").on(t.sortOrder),
	],
);

// ---------------------------------------------------------------- quotes

const quoteColumns = () => ({
	id: uuid("id").primaryKey().defaultRandom(),
	status: text("status", { enum: QUOTE_STATUSES }).notNull().default("pending"),
	address: text("address").notNull(),
	city: text("city"),
	state: text("state"),
	zipCode: text("zip_code"),
	phone: text("phone"),
	services: jsonb("services").$type<QuoteLine[]>().notNull(),
	totalEstimateCents: integer("total_estimate_cents").notNull(),
	revisedPriceCents: integer("revised_price_cents"),
	ownerNotes: text("owner_notes"),
	notes: text("notes"),
	aiQuote: jsonb("ai_quote"),
	/** Who last approved, revised or rejected it (an owner, or the customer answering a revision). */
	decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
	decidedAt: timestamp("decided_at", { withTimezone: true }),
	createdAt: createdAt(),
	updatedAt: updatedAt(),
});

export const quoteRequests = pgTable(
	"quote_requests",
	{
		...quoteColumns(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		/**
		 * The season the quote is for when it is not the one of its approval: a renewal accepted in
		 * the spring for the next season. Null: the season of `decided_at`.
		 */
		seasonId: text("season_id"),
		approvalNotificationSeen: boolean("approval_notification_seen").notNull().default(false),
		quoteDetailsDismissed: boolean("quote_details_dismissed").notNull().default(false),
	},
	(t) => [
		check("quote_requests_status_check", inList("status", QUOTE_STATUSES)),
		check(
			"quote_requests_money_check",
			sql`total_estimate_cents >= 0 and (revised_price_cents is null or revised_price_cents >= 0)`,
		),
		index("quote_requests_user_created_idx").on(
			t.userId,
			t.createdAt.desc().nullsFirst(),
			t.id.desc().nullsFirst(),
		),
		// The dashboard's recent quotes, any status, newest first.
		index("quote_requests_created_idx").on(
			t.createdAt.desc().nullsFirst(),
			t.id.desc().nullsFirst(),
		),
		// The owner's list: open quotes, newest first.
		index("quote_requests_open_created_idx")
			.on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
			.where(sql`status <> 'approved'`),
	],
);

export const marketingQuoteRequests = pgTable(
	"marketing_quote_requests",
	{
		...quoteColumns(),
		name: text("name").notNull(),
		email: text("email").notNull(),
		/** Set once the owner creates a customer account from this request. */
		customerUserId: text("customer_user_id").references(() => users.id, { onDelete: "set null" }),
	},
	(t) => [
		check("marketing_quote_requests_status_check", inList("status", QUOTE_STATUSES)),
		check(
			"marketing_quote_requests_money_check",
			sql`total_estimate_cents >= 0 and (revised_price_cents is null or revised_price_cents >= 0)`,
		),
		index("marketing_quote_requests_created_idx").on(
			t.createdAt.desc().nullsFirst(),
			t.id.desc().nullsFirst(),
		),
		index("marketing_quote_requests_open_created_idx")
			.on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
			.where(sql`status <> 'approved'`),
	],
);

// ---------------------------------------------------------------- bills and payments

export const bills = pgTable(
	"bills",
	{
		id: uuid("id").primaryKey().defaultRandom(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		quoteRequestId: uuid("quote_request_id").references(() => quoteRequests.id, {
			onDelete: "set null",
		}),
		serviceRequestId: uuid("service_request_id").references(() => serviceRequests.id, {
			onDelete: "set null",
		}),
		description: text("description").notNull(),
		dueDate: date("due_date").notNull(),
		amountCents: integer("amount_cents").notNull(),
		status: text("status", { enum: BILL_STATUSES }).notNull().default("pending"),
		paidAt: timestamp("paid_at", { withTimezone: true }),
		paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }),
		/** The month a Plan for Next Year bill is for (its first day); null for other bills. */
		planMonth: date("plan_month"),
		/**
		 * The season the bill belongs to, "2026-27": a deposit's is its booking's, an approved
		 * quote's the season of its approval, any other the season it was made in (season_of, a SQL
		 * function of a business date, migration 0022).
		 */
		seasonId: text("season_id")
			.notNull()
			.default(sql`season_of((now() at time zone 'America/New_York')::date)`),
		createdAt: createdAt(),
	},
	(t) => [
		check("bills_status_check", inList("status", BILL_STATUSES)),
		check("bills_amount_check", sql`amount_cents >= 0`),
		check(
			"bills_payment_method_check",
			sql`payment_method is null or ${inList("payment_method", PAYMENT_METHODS)}`,
		),
		// One bill per approved quote, however many times approval is attempted.
		uniqueIndex("bills_quote_request_id_unique").on(t.quoteRequestId),
		// One colour-change fee per service request.
		uniqueIndex("bills_service_request_id_unique").on(t.serviceRequestId),
		// One plan bill per customer and month, however often the monthly job runs.
		uniqueIndex("bills_plan_month_unique").on(t.userId, t.planMonth),
		index("bills_user_status_created_idx").on(t.userId, t.status, t.createdAt.desc().nullsFirst()),
		index("bills_status_idx").on(t.status),
	],
);

/**
 * A card payment attempt. Holds no card data: only brand, last four digits, expiry and the
 * provider's ids. A bill has at most one payment under way or taken: the partial unique index.
 */
export const payments = pgTable(
	"payments",
	{
		id: uuid("id").primaryKey().defaultRandom(),
		billId: uuid("bill_id")
			.notNull()
			.references(() => bills.id, { onDelete: "cascade" }),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
		/** Stripe's PaymentIntent (or, while the customer is on its checkout, the Checkout Session). */
		providerPaymentId: text("provider_payment_id"),
		/** Stripe's hosted checkout page while it is open, so a second Pay goes back to it. */
		checkoutUrl: text("checkout_url"),
		status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
		amountCents: integer("amount_cents").notNull(),
		refundedCents: integer("refunded_cents").notNull().default(0),
		cardBrand: text("card_brand"),
		cardLast4: text("card_last4"),
		cardExpMonth: smallint("card_exp_month"),
		cardExpYear: smallint("card_exp_year"),
		failureMessage: text("failure_message"),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		check("payments_provider_check", inList("provider", PAYMENT_PROVIDERS)),
		check("payments_status_check", inList("status", PAYMENT_STATUSES)),
		check("payments_amount_check", sql`amount_cents > 0`),
		check("payments_refund_check", sql`refunded_cents between 0 and amount_cents`),
		check("payments_last4_check", sql`card_last4 is null or card_last4 ~ '^[0-9]{4}$'`),
		index("payments_bill_id_idx").on(t.billId),
		index("payments_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
		uniqueIndex("payments_provider_payment_id_unique").on(t.provider, t.providerPaymentId),
		// Two Pay clicks, two tabs or a retried request: one payment per bill under way or taken.
		uniqueIndex("payments_one_per_bill")
			.on(t.billId)
			.where(sql`status in ('pending', 'succeeded')`),
	],
);

/** A refund of all or part of a card payment, made by the owner through the provider. */
export const refunds = pgTable(
	"refunds",
	{
		id: uuid("id").primaryKey().defaultRandom(),
		paymentId: uuid("payment_id")
			.notNull()
			.references(() => payments.id, { onDelete: "cascade" }),
		amountCents: integer("amount_cents").notNull(),
		reason: text("reason").notNull(),
		providerRefundId: text("provider_refund_id"),
		createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
		createdAt: createdAt(),
	},
	(t) => [
		check("refunds_amount_check", sql`amount_cents > 0`),
		index("refunds_payment_id_idx").on(t.paymentId),
	],
);

/** Stripe webhook events already handled: an event delivered again changes nothing. */
export const paymentEvents = pgTable("payment_events", {
	id: text("id").primaryKey(),
	type: text("type").notNull(),
	createdAt: createdAt(),
});

/**
 * A customer's monthly Plan for Next Year. Test mode keeps the test card's token (Stripe's
 * `pm_card_visa` and the like); with Stripe, the subscription's id: Stripe charges the months.
 */
export const planSubscriptions = pgTable(
	"plan_subscriptions",
	{
		userId: text("user_id")
			.primaryKey()
			.references(() => users.id, { onDelete: "cascade" }),
		status: text("status", { enum: PLAN_STATUSES }).notNull().default("active"),
		provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
		providerSubscriptionId: text("provider_subscription_id"),
		paymentMethodId: text("payment_method_id"),
		priceCents: integer("price_cents").notNull(),
		cardBrand: text("card_brand"),
		cardLast4: text("card_last4"),
		cardExpMonth: smallint("card_exp_month"),
		cardExpYear: smallint("card_exp_year"),
		/** The first day of the next month to bill. */
		nextChargeDate: date("next_charge_date").notNull(),
		startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
		cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
		updatedAt: updatedAt(),
	},
	(t) => [
		check("plan_subscriptions_status_check", inList("status", PLAN_STATUSES)),
		check("plan_subscriptions_provider_check", inList("provider", PAYMENT_PROVIDERS)),
		check("plan_subscriptions_price_check", sql`price_cents > 0`),
		index("plan_subscriptions_due_idx").on(t.nextChargeDate).where(sql`status = 'active'`),
		uniqueIndex("plan_subscriptions_provider_id_unique").on(t.providerSubscriptionId),
	],
);

// ---------------------------------------------------------------- service requests

export const serviceRequests = pgTable(
	"service_requests",
	{
		id: uuid("id").primaryKey().defaultRandom(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		requestType: text("request_type", { enum: REQUEST_TYPES }).notNull(),
		details: text("details"),
		priority: text("priority", { enum: REQUEST_PRIORITIES }).notNull().default("Normal"),
		requestedColorScheme: text("requested_color_scheme"),
		/** What the customer wants when the scheme is Custom. */
		customColors: text("custom_colors"),
		status: text("status", { enum: REQUEST_STATUSES }).notNull().default("open"),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		check("service_requests_type_check", inList("request_type", REQUEST_TYPES)),
		check("service_requests_priority_check", inList("priority", REQUEST_PRIORITIES)),
		check("service_requests_status_check", inList("status", REQUEST_STATUSES)),
		check(
			"service_requests_color_check",
			sql`(request_type = 'ChangeColor') = (requested_color_scheme is not null)`,
		),
		index("service_requests_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
		index("service_requests_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst()),
		// The owner's list: open and in-progress requests, Urgent ('Urgent' > 'Normal') then newest.
		index("service_requests_open_list_idx")
			.on(t.priority.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
			.where(sql`status in ('open', 'in_progress')`),
		// The customer cards' FIX and COLOR counts, and the Home card's Active badge.
		index("service_requests_user_open_idx")
			.on(t.userId, t.requestType)
			.where(sql`status in ('open', 'in_progress')`),
	],
);

// ---------------------------------------------------------------- files and chat

/** An uploaded file on disk (or object storage); private to the owner and `userId`. */
export const files = pgTable(
	"files",
	{
		id: uuid("id").primaryKey().defaultRandom(),
		kind: text("kind", { enum: FILE_KINDS }).notNull(),
		/** The customer the file belongs to; null for files from public quote requests. */
		userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
		uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
		quoteRequestId: uuid("quote_request_id").references(() => quoteRequests.id, {
			onDelete: "cascade",
		}),
		marketingQuoteRequestId: uuid("marketing_quote_request_id").references(
			() => marketingQuoteRequests.id,
			{ onDelete: "cascade" },
		),
		serviceRequestId: uuid("service_request_id").references(() => serviceRequests.id, {
			onDelete: "cascade",
		}),
		storageKey: text("storage_key").notNull().unique(),
		fileName: text("file_name").notNull(),
		contentType: text("content_type").notNull(),
		sizeBytes: integer("size_bytes").notNull(),
		createdAt: createdAt(),
	},
	(t) => [
		check("files_kind_check", inList("kind", FILE_KINDS)),
		check("files_size_check", sql`size_bytes >= 0`),
		index("files_user_id_idx").on(t.userId),
		// An account's uploads today and in all (features/files/upload-quota.service.ts).
		index("files_uploaded_by_created_idx").on(t.uploadedBy, t.createdAt),
		index("files_quote_request_id_idx").on(t.quoteRequestId),
		index("files_marketing_quote_request_id_idx").on(t.marketingQuoteRequestId),
		index("files_service_request_id_idx").on(t.serviceRequestId),
	],
);

/** One conversation per customer: `customerUserId` names it, whoever sent the message. */
export const chatMessages = pgTable(
	"chat_messages",
	{
		id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
		customerUserId: text("customer_user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		senderUserId: text("sender_user_id").references(() => users.id, { onDelete: "set null" }),
		senderRole: text("sender_role", { enum: CHAT_ROLES }).notNull(),
		senderName: text("sender_name").notNull(),
		content: text("content"),
		messageType: text("message_type", { enum: MESSAGE_TYPES }).notNull().default("text"),
		fileId: uuid("file_id").references(() => files.id, { onDelete: "set null" }),
		fileName: text("file_name"),
		createdAt: createdAt(),
	},
	(t) => [
		check("chat_messages_sender_role_check", inList("sender_role", CHAT_ROLES)),
		check("chat_messages_type_check", inList("message_type", MESSAGE_TYPES)),
		index("chat_messages_customer_id_idx").on(t.customerUserId, t.id),
	],
);

/**
 * One row per conversation, kept in the transaction of each message and each read: the newest
 * message (the owner's chat list is one indexed query over these rows, never over the messages)
 * and how many messages each side has not read yet.
 */
export const chatConversations = pgTable(
	"chat_conversations",
	{
		customerUserId: text("customer_user_id")
			.primaryKey()
			.references(() => users.id, { onDelete: "cascade" }),
		lastMessageId: bigint("last_message_id", { mode: "number" }).notNull(),
		lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull(),
		/** The customer's messages the business has not read. */
		ownerUnread: integer("owner_unread").notNull().default(0),
		/** The business's messages the customer has not read. */
		customerUnread: integer("customer_unread").notNull().default(0),
	},
	(t) => [
		check("chat_conversations_unread_check", sql`owner_unread >= 0 and customer_unread >= 0`),
		index("chat_conversations_last_message_idx").on(
			t.lastMessageAt.desc().nullsFirst(),
			t.customerUserId.desc().nullsFirst(),
		),
		// The owner's total unread sums only the conversations that have any.
		index("chat_conversations_owner_unread_idx").on(t.ownerUnread).where(sql`owner_unread > 0`),
	],
);

// ---------------------------------------------------------------- leads (contact form)

export const leads = pgTable(
	"leads",
	{
		id: uuid("id").primaryKey().defaultRandom(),
		fullName: text("full_name").notNull(),
		email: text("email").notNull(),
		phone: text("phone"),
		city: text("city"),
		message: text("message"),
		createdAt: createdAt(),
	},
	(t) => [index("leads_created_at_idx").on(t.createdAt.desc().nullsFirst())],
);

// ---------------------------------------------------------------- business settings

export type BusinessHours = { days: string; hours: string }[];

/** The one row of business profile and pricing settings (id is always 1). */
export const businessSettings = pgTable(
	"business_settings",
	{
		id: smallint("id").primaryKey().default(1),
		businessName: text("business_name").notNull(),
		phone: text("phone").notNull(),
		email: text("email").notNull(),
		serviceAreas: jsonb("service_areas").$type<string[]>().notNull(),
		hours: jsonb("hours").$type<BusinessHours>().notNull(),
		address: text("address").notNull(),
		colorFeeCents: integer("color_fee_cents").notNull().default(1999),
		planPriceCents: integer("plan_price_cents").notNull().default(2999),
		/** Where the review request sends customers (Google, Facebook…); none: no review requests. */
		reviewUrl: text("review_url"),
		requirePayment: boolean("require_payment").notNull().default(true),
		/** Without Stripe keys, take the provider's test cards (labelled "Test mode" everywhere). */
		paymentsTestMode: boolean("payments_test_mode").notNull().default(true),
		stripePublishableKey: text("stripe_publishable_key"),
		/** Write-only from the API: never sent back to a browser. */
		stripeSecretKey: text("stripe_secret_key"),
		stripeWebhookSecret: text("stripe_webhook_secret"),
		updatedAt: updatedAt(),
	},
	(t) => [
		check("business_settings_single_row", sql`${t.id} = 1`),
		check("business_settings_money_check", sql`color_fee_cents >= 0 and plan_price_cents >= 0`),
	],
);

// ---------------------------------------------------------------- dashboard counts

export const DASHBOARD_COUNTS = [
	"pending_quotes",
	"approved_quotes",
	"active_customers",
	"pending_requests",
] as const;

/**
 * The owner dashboard's tiles, kept true by triggers on the tables they count (migration 0004),
 * so reading them costs the same with ten customers or ten thousand.
 */
export const dashboardCounts = pgTable(
	"dashboard_counts",
	{
		name: text("name", { enum: DASHBOARD_COUNTS }).primaryKey(),
		count: integer("count").notNull().default(0),
	},
	() => [check("dashboard_counts_name_check", inList("name", DASHBOARD_COUNTS))],
);

// ---------------------------------------------------------------- e-mail outbox

export const EMAIL_STATUSES = ["pending", "sent"] as const;

/**
 * Mail waiting to be delivered; written in the same transaction as the change it reports. Once
 * sent, a message keeps only who, what and when: its bodies (reset links, invite codes) are
 * cleared by the update that marks it sent.
 */
export const emailOutbox = pgTable(
	"email_outbox",
	{
		id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
		toAddress: text("to_address").notNull(),
		subject: text("subject").notNull(),
		/** Null once sent. */
		textBody: text("text_body"),
		htmlBody: text("html_body"),
		/** Files sent with the message (calendar invitations, signed contracts); null once sent. */
		attachments:
			jsonb("attachments").$type<
				{ filename: string; contentType: string; content: string; encoding?: "base64" }[]
			>(),
		/** Extra headers (List-Unsubscribe and its one-click POST), kept after sending. */
		headers: jsonb("headers").$type<Record<string, string>>(),
		status: text("status", { enum: EMAIL_STATUSES }).notNull().default("pending"),
		attempts: integer("attempts").notNull().default(0),
		nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
		lastError: text("last_error"),
		createdAt: createdAt(),
		sentAt: timestamp("sent_at", { withTimezone: true }),
	},
	(t) => [
		check("email_outbox_status_check", inList("status", EMAIL_STATUSES)),
		index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
	],
);

// ---------------------------------------------------------------- the season calendar

/**
 * A season runs August 1 to July 31 and is named by its years, "2026-27". The current and the
 * next season are made with their default windows when first needed (bookings.service.ts).
 */
export const seasons = pgTable(
	"seasons",
	{
		id: text("id").primaryKey(),
		startsOn: date("starts_on").notNull(),
		endsOn: date("ends_on").notNull(),
		createdAt: createdAt(),
	},
	() => [
		check("seasons_id_check", sql`id ~ '^[0-9]{4}-[0-9]{2}$'`),
		check("seasons_dates_check", sql`starts_on < ends_on`),
	],
);

/** A stretch of days customers book in: Early Bird, Prime, Late, Takedown. */
export const serviceWindows = pgTable(
	"service_windows",
	{
		id: uuid("id").primaryKey().defaultRandom(),
		seasonId: text("season_id")
			.notNull()
			.references(() => seasons.id, { onDelete: "cascade" }),
		name: text("name").notNull(),
		kind: text("kind", { enum: BOOKING_KINDS }).notNull(),
		startsOn: date("starts_on").notNull(),
		endsOn: date("ends_on").notNull(),
		/** Added to (or, negative, taken off) the approved amount, in whole percent. */
		priceAdjustPct: smallint("price_adjust_pct").notNull().default(0),
		audience: text("audience", { enum: WINDOW_AUDIENCES }).notNull().default("everyone"),
		createdAt: createdAt(),
	},
	(t) => [
		check("service_windows_kind_check", inList("kind", BOOKING_KINDS)),
		check("service_windows_audience_check", inList("audience", WINDOW_AUDIENCES)),
		check("service_windows_dates_check", sql`starts_on <= ends_on`),
		check("service_windows_adjust_check", sql`price_adjust_pct between -90 and 200`),
		index("service_windows_season_idx").on(t.seasonId, t.startsOn),
	],
);

/**
 * The calendar's rules, one row (id 1): houses a crew team does per weekday (Sunday first), the
 * share of the approved amount that holds a date, and how many days before a booking the
 * customer can no longer change it.
 */
export const seasonSettings = pgTable(
	"season_settings",
	{
		id: smallint("id").primaryKey().default(1),
		weekdayCapacity: jsonb("weekday_capacity")
			.$type<number[]>()
			.notNull()
			.default(sql`'[0,4,4,4,4,4,4]'::jsonb`),
		depositPercent: smallint("deposit_percent").notNull().default(25),
		changeLockDays: smallint("change_lock_days").notNull().default(5),
		/** Taken off a returning customer's renewal, in whole percent. */
		reinstallDiscountPct: smallint("reinstall_discount_pct").notNull().default(15),
		/** The month and day ("08-01") renewal offers open, in the season they are for. */
		renewalOpensOn: text("renewal_opens_on").notNull().default("08-01"),
		/** The month and day ("09-30") an offer holds until, in the season it is for. */
		renewalValidUntil: text("renewal_valid_until").notNull().default("09-30"),
		updatedAt: updatedAt(),
	},
	(t) => [
		check("season_settings_discount_check", sql`reinstall_discount_pct between 0 and 90`),
		check(
			"season_settings_renewal_dates_check",
			sql`renewal_opens_on ~ '^[0-9]{2}-[0-9]{2}$' and renewal_valid_until ~ '^[0-9]{2}-[0-9]{2}$'`,
		),
		check("season_settings_single_row", sql`${t.id} = 1`),
		check("season_settings_deposit_check", sql`deposit_percent between 0 and 100`),
		check("season_settings_lock_check", sql`change_lock_days between 0 and 60`),
		check("season_settings_weekdays_check", sql`jsonb_array_length(weekday_capacity) = 7`),
	],
);

/**
 * One row per day that has been booked or changed by the owner; a day without a row has its
 * weekday's capacity. `booked` is kept only by the trigger on bookings (migration 0017), and the
 * CHECK makes a day over capacity impossible whoever writes.
 */
export const crewDays = pgTable(
	"crew_days",
	{
		day: date("day").primaryKey(),
		capacity: smallint("capacity").notNull(),
		booked: smallint("booked").notNull().default(0),
		closed: boolean("closed").notNull().default(false),
		/** The owner set this day's capacity: a change of the weekday's leaves it as it is. */
		capacitySet: boolean("capacity_set").notNull().default(false),
		/** The owner's notes for the crews on this day (where to start, what to load). */
		notes: text("notes"),
		updatedAt: updatedAt(),
	},
	() => [
		check("crew_days_capacity_check", sql`capacity between 0 and 100`),
		check("crew_days_not_overbooked", sql`booked between 0 and capacity`),
	],
);

/**
 * A customer's install or takedown day. Held, booked and done bookings take a place on their
 * day; one active booking of each kind per customer and season (bookings_one_active).
 */
export const bookings = pgTable(
	"bookings",
	{
		id: uuid("id").primaryKey().defaultRandom(),
		customerId: uuid("customer_id")
			.notNull()
			.references(() => customers.id, { onDelete: "cascade" }),
		seasonId: text("season_id")
			.notNull()
			.references(() => seasons.id),
		windowId: uuid("window_id")
			.notNull()
			.references(() => serviceWindows.id),
		kind: text("kind", { enum: BOOKING_KINDS }).notNull(),
		day: date("day").notNull(),
		status: text("status", { enum: BOOKING_STATUSES }).notNull(),
		/** Until when an unpaid hold keeps its day. */
		holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
		depositBillId: uuid("deposit_bill_id").references(() => bills.id, { onDelete: "set null" }),
		/** Counts the calendar invitations sent, so a calendar takes each one as the newer. */
		sequence: integer("sequence").notNull().default(0),
		/**
		 * Its place in the day's kept route (1 first); null until the owner keeps an order, and for a
		 * booking that came after (it goes last). Cleared when the booking moves to another day.
		 */
		routePosition: smallint("route_position"),
		/** The arrival window the owner set, in minutes after midnight (start < end). */
		arrivalStart: smallint("arrival_start"),
		arrivalEnd: smallint("arrival_end"),
		/** The window the customer was last told (Send Arrival Windows); null: never told. */
		arrivalSentStart: smallint("arrival_sent_start"),
		arrivalSentEnd: smallint("arrival_sent_end"),
		createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		check("bookings_kind_check", inList("kind", BOOKING_KINDS)),
		check("bookings_status_check", inList("status", BOOKING_STATUSES)),
		check("bookings_hold_check", sql`status <> 'held' or hold_expires_at is not null`),
		check(
			"bookings_arrival_check",
			sql`(arrival_start is null and arrival_end is null) or (arrival_start >= 0 and arrival_start < arrival_end and arrival_end <= 1440)`,
		),
		check(
			"bookings_arrival_sent_check",
			sql`(arrival_sent_start is null) = (arrival_sent_end is null)`,
		),
		uniqueIndex("bookings_one_active")
			.on(t.customerId, t.seasonId, t.kind)
			.where(sql`status in ('held', 'booked', 'needs_new_day', 'done')`),
		index("bookings_day_idx").on(t.day),
		index("bookings_held_idx").on(t.holdExpiresAt).where(sql`status = 'held'`),
		index("bookings_deposit_bill_idx").on(t.depositBillId),
	],
);

// ---------------------------------------------------------------- renewals

/**
 * Next season's offer to a customer whose install was done last season: last season's lines at
 * the catalogue's prices when it was made, less the re-install discount, held until `expires_on`.
 * One per customer and season (renewal_offers_once), whoever sends it and however often.
 * Expired is not stored: an offer still `offered` after its day is expired.
 */
export const renewalOffers = pgTable(
	"renewal_offers",
	{
		id: uuid("id").primaryKey().defaultRandom(),
		customerId: uuid("customer_id")
			.notNull()
			.references(() => customers.id, { onDelete: "cascade" }),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		/** The season whose install was done, and the one offered. */
		fromSeason: text("from_season").notNull(),
		toSeason: text("to_season").notNull(),
		sourceQuoteId: uuid("source_quote_id").references(() => quoteRequests.id, {
			onDelete: "set null",
		}),
		lines: jsonb("lines").$type<QuoteLine[]>().notNull(),
		/** The lines at the catalogue's prices, before the discount. */
		listCents: integer("list_cents").notNull(),
		discountPct: smallint("discount_pct").notNull(),
		/** What the customer pays: fixed in the offer until it expires. */
		priceCents: integer("price_cents").notNull(),
		/** The terms version the customer last signed (null: signed on paper, or never). */
		lastTermsVersion: integer("last_terms_version"),
		expiresOn: date("expires_on").notNull(),
		status: text("status", { enum: RENEWAL_STATUSES }).notNull().default("offered"),
		declineReason: text("decline_reason"),
		decidedAt: timestamp("decided_at", { withTimezone: true }),
		/** Set on renewing: next season's approved quote and its signed contract. */
		quoteRequestId: uuid("quote_request_id").references(() => quoteRequests.id, {
			onDelete: "set null",
		}),
		contractId: uuid("contract_id"),
		/** The owner who pressed Send Renewal Offers; null when made on the opening date. */
		createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex("renewal_offers_once").on(t.customerId, t.toSeason),
		check("renewal_offers_status_check", inList("status", RENEWAL_STATUSES)),
		check(
			"renewal_offers_money_check",
			sql`list_cents >= 0 and price_cents >= 0 and discount_pct between 0 and 90`,
		),
		index("renewal_offers_season_idx").on(t.toSeason, t.status),
		index("renewal_offers_user_idx").on(t.userId, t.toSeason),
	],
);

// ---------------------------------------------------------------- jobs and automations

/**
 * The periodic jobs every instance ticks (automations/scheduler.ts): whichever instance first
 * moves a job's next run past now runs it; the others find it already moved.
 */
export const jobSchedules = pgTable("job_schedules", {
	name: text("name").primaryKey(),
	nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
	lastRunAt: timestamp("last_run_at", { withTimezone: true }),
	lastOkAt: timestamp("last_ok_at", { withTimezone: true }),
	lastError: text("last_error"),
});

/**
 * Every automated message sent, once: unique on what it is about and for which occurrence (a
 * booking's day, a bill's due date), written in the transaction that queues the message, so a
 * second run, a second instance or a restart sends nothing twice.
 */
export const automationSends = pgTable(
	"automation_sends",
	{
		id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
		kind: text("kind", { enum: AUTOMATION_KINDS }).notNull(),
		subjectId: uuid("subject_id").notNull(),
		occurrence: text("occurrence").notNull(),
		userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
		emailId: bigint("email_id", { mode: "number" }).references(() => emailOutbox.id, {
			onDelete: "set null",
		}),
		createdAt: createdAt(),
	},
	(t) => [
		check("automation_sends_kind_check", inList("kind", AUTOMATION_KINDS)),
		uniqueIndex("automation_sends_once").on(t.kind, t.subjectId, t.occurrence),
		index("automation_sends_recent_idx").on(t.createdAt),
	],
);

/** Which automations the owner has switched off (all are on until then). */
export const automationSwitches = pgTable("automation_switches", {
	kind: text("kind", { enum: AUTOMATION_KINDS }).primaryKey(),
	enabled: boolean("enabled").notNull(),
	updatedAt: updatedAt(),
});
// ---------------------------------------------------------------- contracts

/**
 * The agreement's text, one row per version the owner saved. A version is never changed (a
 * trigger refuses updates, migration 0019): a signed contract points at the one it was signed on.
 */
export const contractTerms = pgTable(
	"contract_terms",
	{
		version: integer("version").primaryKey(),
		body: text("body").notNull(),
		createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
		createdAt: createdAt(),
	},
	() => [check("contract_terms_version_check", sql`version >= 1`)],
);

/**
 * A signature: who typed which name, when, from where, on which terms, for which lines and total,
 * with the SHA-256 of the signed text and of its PDF. One per approved quote, never changed.
 */
export const contracts = pgTable(
	"contracts",
	{
		id: uuid("id").primaryKey().defaultRandom(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		quoteRequestId: uuid("quote_request_id")
			.notNull()
			.unique()
			.references(() => quoteRequests.id, { onDelete: "cascade" }),
		/** The season of the quote's approval, "2026-27". */
		seasonId: text("season_id").notNull(),
		termsVersion: integer("terms_version")
			.notNull()
			.references(() => contractTerms.version),
		signedName: text("signed_name").notNull(),
		accountName: text("account_name").notNull(),
		nameMatches: boolean("name_matches").notNull(),
		signedAt: timestamp("signed_at", { withTimezone: true }).notNull(),
		ipAddress: text("ip_address").notNull(),
		userAgent: text("user_agent").notNull(),
		lines: jsonb("lines").$type<QuoteLine[]>().notNull(),
		totalCents: integer("total_cents").notNull(),
		documentHash: text("document_hash").notNull(),
		pdfSha256: text("pdf_sha256").notNull(),
		pdfFileId: uuid("pdf_file_id")
			.notNull()
			.references(() => files.id, { onDelete: "cascade" }),
		createdAt: createdAt(),
	},
	(t) => [
		check("contracts_season_check", sql`season_id ~ '^[0-9]{4}-[0-9]{2}$'`),
		check("contracts_total_check", sql`total_cents >= 0`),
		index("contracts_user_signed_idx").on(t.userId, t.signedAt.desc().nullsFirst()),
	],
);

// ---------------------------------------------------------------- notifications

/**
 * The VAPID key pair pushes are signed with: made at first start and shared by every instance
 * (one row). The private key is sealed with the settings key, like the payment secrets.
 */
export const vapidKeys = pgTable(
	"vapid_keys",
	{
		id: smallint("id").primaryKey().default(1),
		publicKey: text("public_key").notNull(),
		privateKeySealed: text("private_key_sealed").notNull(),
		createdAt: createdAt(),
	},
	() => [check("vapid_keys_one_row", sql`id = 1`)],
);

/** A browser (a device) that receives this account's pushes; its endpoint is its identity. */
export const pushSubscriptions = pgTable(
	"push_subscriptions",
	{
		id: uuid("id").primaryKey().defaultRandom(),
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		endpoint: text("endpoint").notNull(),
		p256dh: text("p256dh").notNull(),
		auth: text("auth").notNull(),
		/** The public key it was made with: a new key pair leaves it unusable. */
		vapidPublicKey: text("vapid_public_key").notNull(),
		userAgent: text("user_agent"),
		createdAt: createdAt(),
		lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
		lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
		failureCount: smallint("failure_count").notNull().default(0),
	},
	(t) => [
		uniqueIndex("push_subscriptions_endpoint").on(t.endpoint),
		index("push_subscriptions_user_idx").on(t.userId),
	],
);

/**
 * Each person's switches per category and channel; a missing row means on. `audience` is an
 * account's id, or `business` for the notices mailed to the business's own address.
 */
export const notificationPrefs = pgTable(
	"notification_prefs",
	{
		audience: text("audience").notNull(),
		category: text("category", { enum: NOTIFICATION_CATEGORIES }).notNull(),
		push: boolean("push").notNull().default(true),
		email: boolean("email").notNull().default(true),
		updatedAt: updatedAt(),
	},
	(t) => [
		primaryKey({ columns: [t.audience, t.category] }),
		check("notification_prefs_category_check", inList("category", NOTIFICATION_CATEGORIES)),
	],
);

/**
 * Every push, queued in the transaction of what it tells and delivered after (like the e-mail
 * outbox): the ledger Settings → Automations reads. A push that keeps failing stops at
 * PUSH_MAX_ATTEMPTS and says why.
 */
export const pushSends = pgTable(
	"push_sends",
	{
		id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
		kind: text("kind", { enum: PUSH_KIND_NAMES as [string, ...string[]] }).notNull(),
		userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
		title: text("title").notNull(),
		body: text("body").notNull(),
		url: text("url").notNull(),
		tag: text("tag").notNull(),
		status: text("status", { enum: PUSH_STATUSES }).notNull().default("pending"),
		attempts: integer("attempts").notNull().default(0),
		nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
		/** Devices that took it. */
		delivered: integer("delivered").notNull().default(0),
		lastError: text("last_error"),
		createdAt: createdAt(),
		sentAt: timestamp("sent_at", { withTimezone: true }),
	},
	(t) => [
		check("push_sends_status_check", inList("status", PUSH_STATUSES)),
		index("push_sends_due_idx").on(t.status, t.nextAttemptAt),
		index("push_sends_recent_idx").on(t.createdAt),
	],
);

/**
 * Which conversation each device shows now, kept while its heartbeat lasts: a reply is not pushed
 * to someone reading it, whichever instance holds their page.
 */
export const chatPresence = pgTable(
	"chat_presence",
	{
		userId: text("user_id")
			.notNull()
			.references(() => users.id, { onDelete: "cascade" }),
		device: text("device").notNull(),
		conversationUserId: text("conversation_user_id").notNull(),
		expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
	},
	(t) => [
		primaryKey({ columns: [t.userId, t.device] }),
		index("chat_presence_conversation_idx").on(t.conversationUserId),
	],
);

// ---------------------------------------------------------------- storage bins

/** A place in the warehouse: "Rack A" with shelves 1 to n, or a free name without shelves. */
export const storageLocations = pgTable(
	"storage_locations",
	{
		id: uuid("id").primaryKey().defaultRandom(),
		name: text("name").notNull(),
		shelves: smallint("shelves"),
		createdAt: createdAt(),
	},
	() => [
		uniqueIndex("storage_locations_name_idx").on(sql`lower(name)`),
		check("storage_locations_shelves_check", sql`shelves between 1 and 50`),
	],
);

/** Printed on the labels: BHL-0001, BHL-0002… whoever adds bins at once, never twice. */
export const binCodeSeq = pgSequence("bin_code_seq", { startWith: 1 });

/**
 * A customer's tote of lights, kept from the takedown to the next install. `state` is the latest
 * of its scans (`bin_scans`), written in the same transaction.
 */
export const bins = pgTable(
	"bins",
	{
		id: uuid("id").primaryKey().defaultRandom(),
		code: text("code")
			.notNull()
			.unique()
			.default(sql`('BHL-' || lpad(nextval('bin_code_seq')::text, 4, '0'))`),
		customerId: uuid("customer_id")
			.notNull()
			.references(() => customers.id, { onDelete: "cascade" }),
		contents: text("contents").notNull(),
		state: text("state", { enum: BIN_STATES }).notNull().default("stored"),
		locationId: uuid("location_id").references(() => storageLocations.id, { onDelete: "set null" }),
		shelf: smallint("shelf"),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		check("bins_state_check", inList("state", BIN_STATES)),
		check("bins_shelf_check", sql`shelf between 1 and 50`),
		index("bins_customer_idx").on(t.customerId),
		index("bins_state_idx").on(t.state),
	],
);

/**
 * Every change of a bin, never rewritten: who, when, from which state to which, and where. The id
 * is made by the phone that scanned, so a scan sent again after being offline is one row.
 */
export const binScans = pgTable(
	"bin_scans",
	{
		id: uuid("id").primaryKey(),
		/** The order scans were counted in. */
		n: bigint("n", { mode: "number" }).generatedAlwaysAsIdentity(),
		binId: uuid("bin_id")
			.notNull()
			.references(() => bins.id, { onDelete: "cascade" }),
		actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
		actorName: text("actor_name").notNull(),
		fromState: text("from_state", { enum: BIN_STATES }),
		toState: text("to_state", { enum: BIN_STATES }).notNull(),
		/** Where a Store scan put it, as it was named then ("Rack A, shelf 2"). */
		place: text("place"),
		createdAt: createdAt(),
	},
	(t) => [
		check("bin_scans_to_state_check", inList("to_state", BIN_STATES)),
		index("bin_scans_bin_idx").on(t.binId, t.n),
	],
);
