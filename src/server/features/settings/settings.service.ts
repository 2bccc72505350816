import { eq, sql } from "drizzle-orm";
import { DEFAULT_DEPOSIT_PERCENT } from "../../../shared/bookings.ts";
import type { BusinessProfile } from "../../../shared/business.ts";
import { DEFAULT_BUSINESS_PROFILE, DEFAULT_PRICING } from "../../../shared/business-defaults.ts";
import { dollarsToCents } from "../../../shared/money.ts";
import type {
	OwnerSettings,
	Pricing,
	SecretName,
	SecretState,
	settingsUpdateSchema,
} from "../../../shared/settings.ts";
import type { z } from "../../../shared/zod.ts";
import type { Database, Executor } from "../../db/database.ts";
import { businessSettings, seasonSettings } from "../../db/schema.ts";
import type { Env } from "../../env.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { badRequest } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { ReadCache } from "../../lib/read-cache.ts";
import { SITE_TAG } from "../../lib/read-cache.ts";
import type { SecretBox } from "../../lib/secret-box.ts";

/**
 * What these services reach (the app's Deps, named here: auth.ts reads the business profile
 * while Deps is being defined).
 */
interface Deps {
	db: Database;
	env: Env;
	secrets: SecretBox;
	events: EventBus;
	readCache: ReadCache;
}

const SETTINGS_ROW = eq(businessSettings.id, 1);

export async function getBusinessProfile(options: { db: Executor }): Promise<BusinessProfile> {
	const [row] = await options.db
		.select({
			businessName: businessSettings.businessName,
			phone: businessSettings.phone,
			email: businessSettings.email,
			serviceAreas: businessSettings.serviceAreas,
			hours: businessSettings.hours,
			address: businessSettings.address,
		})
		.from(businessSettings)
		.where(SETTINGS_ROW);
	return row ?? DEFAULT_BUSINESS_PROFILE;
}

/**
 * The business profile through the read cache: every page the server sends carries it
 * (features/web), and saving Settings drops it on every instance (`settings.changed`).
 */
export async function getCachedBusinessProfile(deps: { db: Executor; readCache: ReadCache }) {
	const json = await deps.readCache.read("business-profile", [SITE_TAG], async () =>
		JSON.stringify(await getBusinessProfile(deps)),
	);
	return JSON.parse(json) as BusinessProfile;
}

/** The colour-change fee, the monthly "Plan for Next Year" price and whether colour changes are paid first. */
export async function getPricing(options: { db: Executor }): Promise<Pricing> {
	const [row] = await options.db
		.select({
			colorFeeCents: businessSettings.colorFeeCents,
			planPriceCents: businessSettings.planPriceCents,
			requirePayment: businessSettings.requirePayment,
		})
		.from(businessSettings)
		.where(SETTINGS_ROW);
	return row ?? DEFAULT_PRICING;
}

type KeyDeps = Pick<Deps, "db" | "env" | "secrets">;

/**
 * The payment provider's keys in plain text, for the server's own calls to the provider only:
 * never answer them to anyone. Keys in the environment win over Settings (decision 011).
 */
export async function getPaymentKeys(deps: KeyDeps) {
	const [row] = await deps.db
		.select({
			publishableKey: businessSettings.stripePublishableKey,
			secretKey: businessSettings.stripeSecretKey,
			webhookSecret: businessSettings.stripeWebhookSecret,
			testMode: businessSettings.paymentsTestMode,
		})
		.from(businessSettings)
		.where(SETTINGS_ROW);
	const open = (sealed: string | null | undefined) =>
		sealed ? deps.secrets.open(sealed) : undefined;
	return {
		publishableKey: deps.env.STRIPE_PUBLISHABLE_KEY ?? row?.publishableKey ?? undefined,
		secretKey: deps.env.STRIPE_SECRET_KEY ?? open(row?.secretKey),
		webhookSecret: deps.env.STRIPE_WEBHOOK_SECRET ?? open(row?.webhookSecret),
		testMode: row?.testMode ?? true,
	};
}

const ENV_NAMES = {
	secretKey: "STRIPE_SECRET_KEY",
	webhookSecret: "STRIPE_WEBHOOK_SECRET",
} as const satisfies Record<SecretName, string>;

const COLUMNS = {
	secretKey: "stripeSecretKey",
	webhookSecret: "stripeWebhookSecret",
} as const satisfies Record<SecretName, keyof typeof businessSettings.$inferSelect>;

function secretState(plain: string | undefined, fromEnvironment: boolean): SecretState {
	return {
		set: Boolean(plain),
		hint: plain ? `…${plain.slice(-4)}` : null,
		fromEnvironment,
	};
}

/** Everything the owner's Settings page shows; secrets only as "set, ends in 1234". */
export async function getOwnerSettings(options: {
	deps: KeyDeps;
	actor: Actor;
}): Promise<OwnerSettings> {
	assertOwner(options.actor);
	const { deps } = options;
	const [profile, pricing, deposit, keys] = await Promise.all([
		getBusinessProfile(deps),
		getPricing(deps),
		deps.db
			.select({ depositPercent: seasonSettings.depositPercent })
			.from(seasonSettings)
			.where(eq(seasonSettings.id, 1)),
		getPaymentKeys(deps),
	]);
	return {
		profile,
		pricing: { ...pricing, depositPercent: deposit[0]?.depositPercent ?? DEFAULT_DEPOSIT_PERCENT },
		payments: {
			testMode: keys.testMode,
			publishableKey: keys.publishableKey ?? null,
			publishableKeyFromEnvironment: Boolean(deps.env.STRIPE_PUBLISHABLE_KEY),
			secretKey: secretState(keys.secretKey, Boolean(deps.env.STRIPE_SECRET_KEY)),
			webhookSecret: secretState(keys.webhookSecret, Boolean(deps.env.STRIPE_WEBHOOK_SECRET)),
		},
	};
}

/**
 * Save Settings: the parts sent are saved in one statement and announced (`settings.changed`),
 * so every public page, quote form and bill reads the new values at once. An empty secret keeps
 * the stored one; a key set in the environment cannot be replaced here.
 */
export async function saveSettings(options: {
	deps: Pick<Deps, "db" | "env" | "secrets" | "events">;
	actor: Actor;
	update: z.output<typeof settingsUpdateSchema>;
}): Promise<OwnerSettings> {
	assertOwner(options.actor);
	const { deps, update } = options;
	const values: Partial<typeof businessSettings.$inferInsert> = {};
	if (update.profile) Object.assign(values, update.profile);
	if (update.pricing) {
		values.colorFeeCents = dollarsToCents(update.pricing.colorFeeDollars);
		values.planPriceCents = dollarsToCents(update.pricing.planPriceDollars);
		values.requirePayment = update.pricing.requirePayment;
	}
	const payments = update.payments;
	if (payments?.testMode !== undefined) values.paymentsTestMode = payments.testMode;
	if (payments?.publishableKey !== undefined) {
		if (deps.env.STRIPE_PUBLISHABLE_KEY && payments.publishableKey)
			throw badRequest(
				"The publishable key is set in the server's environment (STRIPE_PUBLISHABLE_KEY)",
			);
		values.stripePublishableKey = payments.publishableKey || null;
	}
	for (const name of ["secretKey", "webhookSecret"] as const) {
		const plain = payments?.[name];
		if (!plain) continue;
		if (deps.env[ENV_NAMES[name]])
			throw badRequest(
				`This key is set in the server's environment (${ENV_NAMES[name]}) and cannot be changed here`,
			);
		values[COLUMNS[name]] = deps.secrets.seal(plain);
	}
	const depositPercent = update.pricing?.depositPercent;
	if (Object.keys(values).length > 0 || depositPercent !== undefined)
		await deps.events.transaction(async (tx) => {
			if (Object.keys(values).length > 0)
				await tx.update(businessSettings).set(values).where(SETTINGS_ROW);
			// Deposit to book is a rule of the season calendar, kept with its other rules.
			if (depositPercent !== undefined) {
				await tx
					.insert(seasonSettings)
					.values({ id: 1, depositPercent })
					.onConflictDoUpdate({
						target: seasonSettings.id,
						set: { depositPercent, updatedAt: sql`now()` },
					});
				await deps.events.publish(tx, { kind: "calendar.changed", day: null });
			}
			await deps.events.publish(tx, { kind: "settings.changed" });
		});
	return getOwnerSettings(options);
}

/** Forgets a saved secret (the payment pages stop working until another is saved). */
export async function removeSecret(options: {
	deps: Pick<Deps, "db" | "env" | "secrets" | "events">;
	actor: Actor;
	name: SecretName;
}): Promise<OwnerSettings> {
	assertOwner(options.actor);
	const { deps, name } = options;
	if (deps.env[ENV_NAMES[name]])
		throw badRequest(
			`This key is set in the server's environment (${ENV_NAMES[name]}) and cannot be removed here`,
		);
	await deps.events.transaction(async (tx) => {
		await tx
			.update(businessSettings)
			.set({ [COLUMNS[name]]: null })
			.where(SETTINGS_ROW);
		await deps.events.publish(tx, { kind: "settings.changed" });
	});
	return getOwnerSettings(options);
}

/** The review request's link (Settings → Automations), or null when none is set. */
export async function getReviewUrl(db: Executor): Promise<string | null> {
	const [row] = await db
		.select({ reviewUrl: businessSettings.reviewUrl })
		.from(businessSettings)
		.where(SETTINGS_ROW);
	return row?.reviewUrl ?? null;
}

export async function setReviewUrl(db: Executor, reviewUrl: string | null) {
	await db.update(businessSettings).set({ reviewUrl }).where(SETTINGS_ROW);
}
