import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { seasonOf } from "../../../shared/bookings.ts";
import {
	CONTRACT_MESSAGES,
	type Contract,
	DEFAULT_TERMS,
	type MyContract,
	namesResemble,
	type SignContractInput,
	type TermsVersion,
} from "../../../shared/contracts.ts";
import { businessDate } from "../../../shared/dates.ts";
import type { QuoteLine } from "../../../shared/quotes.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor, Transaction } from "../../db/database.ts";
import {
	contracts,
	contractTerms,
	customers,
	profiles,
	quoteRequests,
	users,
} from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { requireApprovedQuote } from "../../lib/customer-approval.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import {
	contractSignedBusinessEmail,
	contractSignedCustomerEmail,
	recipientName,
} from "../email/templates.ts";
import { recordFiles, storeFiles } from "../files/files.service.ts";
import { getCachedBusinessProfile } from "../settings/settings.service.ts";
import {
	contractPdf,
	documentHash,
	documentText,
	fileHash,
	type SignedDocument,
} from "./contract-document.ts";

const toTerms = (row: typeof contractTerms.$inferSelect): TermsVersion => ({
	version: row.version,
	body: row.body,
	createdAt: row.createdAt.toISOString(),
});

/** The terms in force: the newest version; version 1 (the default text) is made the first time. */
export async function currentTerms(db: Executor) {
	const newest = () =>
		db.select().from(contractTerms).orderBy(desc(contractTerms.version)).limit(1);
	let [row] = await newest();
	if (!row) {
		await db
			.insert(contractTerms)
			.values({ version: 1, body: DEFAULT_TERMS })
			.onConflictDoNothing();
		[row] = await newest();
	}
	return row!;
}

/** Every version, newest first (the owner's list). */
export async function listTerms(options: { db: Executor; actor: Actor }) {
	assertOwner(options.actor);
	await currentTerms(options.db);
	const rows = await options.db.select().from(contractTerms).orderBy(desc(contractTerms.version));
	return { versions: rows.map(toTerms) };
}

/** Saving the terms makes the next version; the ones before stay as they were. */
export async function saveTerms(options: {
	deps: Pick<Deps, "db" | "events">;
	actor: Actor;
	body: string;
}): Promise<TermsVersion> {
	assertOwner(options.actor);
	const { deps, actor } = options;
	const current = await currentTerms(deps.db);
	try {
		const [row] = await deps.db
			.insert(contractTerms)
			.values({ version: current.version + 1, body: options.body, createdBy: actor.id })
			.returning();
		await deps.events.publish(deps.db, { kind: "settings.changed" });
		return toTerms(row!);
	} catch (error) {
		// Two owners saving at once: the second would have numbered its version the same.
		if ((error as { code?: string }).code === "23505" || String(error).includes("23505"))
			throw conflict("The terms were just saved by someone else: reload them and save again");
		throw error;
	}
}

const contractColumns = {
	id: contracts.id,
	seasonId: contracts.seasonId,
	termsVersion: contracts.termsVersion,
	signedName: contracts.signedName,
	accountName: contracts.accountName,
	nameMatches: contracts.nameMatches,
	signedAt: contracts.signedAt,
	ipAddress: contracts.ipAddress,
	userAgent: contracts.userAgent,
	lines: contracts.lines,
	totalCents: contracts.totalCents,
	documentHash: contracts.documentHash,
	pdfSha256: contracts.pdfSha256,
	pdfFileId: contracts.pdfFileId,
};
type ContractRow = { [K in keyof typeof contractColumns]: (typeof contracts.$inferSelect)[K] };
const toContract = (r: ContractRow): Contract => ({ ...r, signedAt: r.signedAt.toISOString() });

/** A login's contracts, the newest season first ("2026-27" sorts after "2025-26"). */
async function contractsOf(db: Executor, userId: string): Promise<Contract[]> {
	const rows = await db
		.select(contractColumns)
		.from(contracts)
		.where(eq(contracts.userId, userId))
		.orderBy(desc(contracts.seasonId), desc(contracts.signedAt), desc(contracts.id));
	return rows.map(toContract);
}

/** The season a quote belongs to: the one its approval fell in (August 1 to July 31). */
export const quoteSeason = (q: {
	decidedAt: Date | null;
	updatedAt: Date;
	seasonId?: string | null;
}) => q.seasonId ?? seasonOf(businessDate(q.decidedAt ?? q.updatedAt));

/** The login's newest approved quote: the one a signature is for. */
async function latestApprovedQuote(db: Executor, userId: string, lock = false) {
	const query = db
		.select()
		.from(quoteRequests)
		.where(and(eq(quoteRequests.userId, userId), eq(quoteRequests.status, "approved")))
		.orderBy(
			sql`${quoteRequests.decidedAt} desc nulls last`,
			desc(quoteRequests.createdAt),
			desc(quoteRequests.id),
		)
		.limit(1);
	const [row] = lock ? await query.for("update") : await query;
	return row ?? null;
}

const quoteTotal = (q: typeof quoteRequests.$inferSelect) =>
	q.revisedPriceCents ?? q.totalEstimateCents;

/** The approved-quote card: the current terms, the quote to sign for, its contract once signed. */
export async function getMyContract(options: { db: Executor; actor: Actor }): Promise<MyContract> {
	const { db, actor } = options;
	const [terms, quote, history] = await Promise.all([
		currentTerms(db),
		latestApprovedQuote(db, actor.id),
		contractsOf(db, actor.id),
	]);
	const signed = quote
		? await db
				.select({ id: contracts.id })
				.from(contracts)
				.where(eq(contracts.quoteRequestId, quote.id))
		: [];
	return {
		terms: toTerms(terms),
		quote: quote
			? {
					id: quote.id,
					seasonId: quoteSeason(quote),
					lines: quote.services,
					totalCents: quoteTotal(quote),
				}
			: null,
		contract: history.find((c) => c.id === signed[0]?.id) ?? null,
		history,
	};
}

/** The owner's view of one customer's contracts, newest first; 404 for no such customer. */
export async function listCustomerContracts(options: {
	db: Executor;
	actor: Actor;
	customerId: string;
}) {
	assertOwner(options.actor);
	const [customer] = await options.db
		.select({ userId: customers.userId })
		.from(customers)
		.where(eq(customers.id, options.customerId));
	if (!customer) throw notFound("Customer not found");
	return { contracts: customer.userId ? await contractsOf(options.db, customer.userId) : [] };
}

/** Thrown inside the signing transaction when the quote was signed meanwhile: nothing is kept. */
class AlreadySigned extends Error {}

/**
 * The acting customer signs the contract of their newest approved quote on the current terms:
 * the record (typed name, account, time, address, user agent, version, lines, total, hashes), its
 * PDF stored as a private file, agreed_to_services set, and the PDF e-mailed to both sides, all
 * at once. Signing a quote already signed changes nothing and answers its contract.
 */
export async function signContract(options: {
	deps: Pick<Deps, "db" | "events" | "env" | "mailer" | "readCache" | "clock">;
	actor: Actor;
	input: SignContractInput & { termsVersion?: number };
	client: { ipAddress: string; userAgent: string };
}): Promise<{ agreedToServices: boolean; contract: Contract }> {
	const { deps, actor, input } = options;
	await requireApprovedQuote({ db: deps.db, actor });
	const quote = await latestApprovedQuote(deps.db, actor.id);
	if (!quote) throw notFound(CONTRACT_MESSAGES.notFound);
	const existing = await signedContract(deps.db, quote.id);
	if (existing) return { agreedToServices: true, contract: existing };

	const terms = await currentTerms(deps.db);
	if (input.termsVersion !== undefined && input.termsVersion !== terms.version)
		throw new AppError(
			409,
			`The terms changed to Version ${terms.version} while you were reading: please read them again before signing`,
		);
	const prepared = await prepareSignature(deps, {
		userId: actor.id,
		quote: { ...quote, totalCents: quoteTotal(quote), seasonId: quoteSeason(quote) },
		terms,
		fullName: input.fullName,
		client: options.client,
	});
	try {
		return await storeFiles({
			env: deps.env,
			files: [prepared.file],
			commit: () =>
				deps.events.transaction(async (tx) => {
					// The quote's row lock makes two signatures at once wait for each other.
					const locked = await latestApprovedQuote(tx, actor.id, true);
					if (locked?.id !== quote.id || (await signedContract(tx, quote.id)))
						throw new AlreadySigned();
					const contract = await recordSignature(tx, deps, prepared, quote.id);
					return { agreedToServices: true, contract };
				}),
		});
	} catch (error) {
		if (!(error instanceof AlreadySigned)) throw error;
		const signed = await signedContract(deps.db, quote.id);
		if (!signed) throw conflict("Your quote changed while you were signing: please try again");
		return { agreedToServices: true, contract: signed };
	}
}

async function signedContract(db: Executor, quoteId: string) {
	const [row] = await db
		.select(contractColumns)
		.from(contracts)
		.where(eq(contracts.quoteRequestId, quoteId));
	return row ? toContract(row) : null;
}

type SignDeps = Pick<Deps, "db" | "events" | "env" | "mailer" | "readCache" | "clock">;

/** What a signature records, its document and its PDF, made before the transaction that keeps it. */
export type PreparedSignature = Awaited<ReturnType<typeof prepareSignature>>;

/**
 * The signed document of `quote` on `terms` by the account `userId`: its text's hash and its PDF,
 * as a private file still to store (storeFiles) and record (recordSignature).
 */
export async function prepareSignature(
	deps: SignDeps,
	options: {
		userId: string;
		quote: {
			address: string;
			city: string | null;
			state: string | null;
			zipCode: string | null;
			services: QuoteLine[];
			totalCents: number;
			seasonId: string;
		};
		terms: typeof contractTerms.$inferSelect;
		fullName: string;
		client: { ipAddress: string; userAgent: string };
	},
) {
	const { quote, terms, userId } = options;
	const [person] = await deps.db
		.select({
			email: users.email,
			emailVerified: users.emailVerified,
			userName: users.name,
			displayName: profiles.displayName,
		})
		.from(users)
		.leftJoin(profiles, eq(profiles.userId, users.id))
		.where(eq(users.id, userId));
	if (!person) throw notFound();
	const business = await getCachedBusinessProfile({ db: deps.db, readCache: deps.readCache });
	const accountName = person.displayName ?? person.userName;
	const seasonId = quote.seasonId;
	const signedAt = new Date(Math.floor(deps.clock.now().getTime() / 1000) * 1000);
	const document: SignedDocument = {
		business,
		customer: { name: accountName, email: person.email },
		property:
			[quote.address, quote.city, [quote.state, quote.zipCode].filter(Boolean).join(" ")]
				.filter(Boolean)
				.join(", ") || "Not given",
		seasonId,
		lines: quote.services,
		totalCents: quote.totalCents,
		terms: { version: terms.version, body: terms.body, createdAt: terms.createdAt },
		signature: {
			name: options.fullName,
			accountName,
			signedAt,
			ipAddress: options.client.ipAddress,
			userAgent: options.client.userAgent,
		},
	};
	const hash = documentHash(documentText(document));
	const pdf = await contractPdf(document, hash);
	const fileId = randomUUID();
	const file = {
		id: fileId,
		storageKey: `contracts/${userId.toLowerCase().replace(/[^a-z0-9_-]/g, "")}/${fileId}.pdf`,
		fileName: `service-agreement-${seasonId}.pdf`,
		contentType: "application/pdf",
		data: new Uint8Array(pdf),
	};
	return {
		userId,
		person,
		business,
		accountName,
		seasonId,
		signedAt,
		hash,
		pdf,
		file,
		lines: quote.services,
		totalCents: quote.totalCents,
		termsVersion: terms.version,
		fullName: options.fullName,
		client: options.client,
		nameMatches: namesResemble(options.fullName, accountName),
	};
}

/**
 * Keeps a prepared signature in the caller's transaction: the file's record, the contract, the
 * customer's agreed_to_services, and the PDF e-mailed to both sides.
 */
export async function recordSignature(
	tx: Transaction,
	deps: Pick<Deps, "events" | "env" | "mailer">,
	prepared: PreparedSignature,
	quoteId: string,
): Promise<Contract> {
	const { file, person, business, accountName, seasonId, userId } = prepared;
	await recordFiles({ db: tx, kind: "contract", files: [file], link: { userId } });
	const [row] = await tx
		.insert(contracts)
		.values({
			userId,
			quoteRequestId: quoteId,
			seasonId,
			termsVersion: prepared.termsVersion,
			signedName: prepared.fullName,
			accountName,
			nameMatches: prepared.nameMatches,
			signedAt: prepared.signedAt,
			ipAddress: prepared.client.ipAddress,
			userAgent: prepared.client.userAgent,
			lines: prepared.lines,
			totalCents: prepared.totalCents,
			documentHash: prepared.hash,
			pdfSha256: fileHash(file.data),
			pdfFileId: file.id,
		})
		.returning(contractColumns);
	const [customer] = await tx
		.update(customers)
		.set({ agreedToServices: true, updatedAt: sql`now()` })
		.where(eq(customers.userId, userId))
		.returning({ id: customers.id });
	const attachments = [
		{
			filename: file.fileName,
			contentType: "application/pdf",
			content: prepared.pdf.toString("base64"),
			encoding: "base64" as const,
		},
	];
	await deps.mailer.enqueue(
		[
			contractSignedCustomerEmail({
				to: person.email,
				name: recipientName({ name: accountName, emailVerified: person.emailVerified }),
				seasonId,
				termsVersion: prepared.termsVersion,
				attachments,
				url: `${deps.env.APP_URL}/app`,
				business,
			}),
			contractSignedBusinessEmail({
				customerName: accountName,
				signedName: prepared.fullName,
				nameMatches: prepared.nameMatches,
				seasonId,
				termsVersion: prepared.termsVersion,
				attachments,
				url: `${deps.env.APP_URL}/owner/customer/${customer?.id ?? ""}`,
				business,
			}),
		],
		tx,
	);
	await deps.events.publish(tx, { kind: "customer.changed", userId });
	return toContract(row!);
}

/** The terms version and time of the account's newest signature, if any. */
export async function lastSignature(db: Executor, userId: string) {
	const [row] = await db
		.select({ version: contracts.termsVersion, signedAt: contracts.signedAt })
		.from(contracts)
		.where(eq(contracts.userId, userId))
		.orderBy(desc(contracts.signedAt))
		.limit(1);
	return row ?? null;
}
