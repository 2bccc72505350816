import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { addDays, businessDate } from "../../../shared/dates.ts";
import {
	MAX_REQUEST_PHOTOS,
	OPEN_REQUEST_STATUSES,
	REQUEST_MESSAGES,
	REQUEST_TYPE_LABELS,
	type RequestStatus,
	type RequestType,
} from "../../../shared/requests.ts";
import type { RequestAction } from "../../../shared/service-requests.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor, Transaction } from "../../db/database.ts";
import { bills, customers, profiles, serviceRequests, users } from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { requireApprovedQuote } from "../../lib/customer-approval.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import {
	newServiceRequestEmail,
	recipientName,
	serviceRequestClosedEmail,
} from "../email/templates.ts";
import {
	type FileToStore,
	prepareImages,
	recordFiles,
	storeFiles,
} from "../files/files.service.ts";
import { chargeUploadQuota } from "../files/upload-quota.service.ts";
import { notify, queueNoticeEmail } from "../notifications/notify.service.ts";
import { getBusinessProfile, getPricing } from "../settings/settings.service.ts";

/** What a new request holds, from the customer's form or the owner's dialog. */
export interface RequestInput {
	requestType: RequestType;
	details: string | null;
	priority: "Normal" | "Urgent";
	colorScheme?: string | null;
	customColors: string | null;
}

/** A colour-change fee is due the day it is asked for: the change waits for it. */
const COLOR_FEE_DUE_DAYS = 0;
const COLOR_FEE_DESCRIPTION = "Color change fee";

/**
 * A customer's request with its photos. Checked in this order, cheapest first: the approved-quote
 * gate (again, under the transaction's snapshot), the photo count and sizes, then each photo's
 * bytes. The request, its photo records, the colour-change fee bill (Change Colors with payment
 * required), the business's e-mail and the events commit together; when anything fails, the
 * photos written are removed again.
 */
export async function submitServiceRequest(options: {
	deps: Pick<Deps, "db" | "env" | "mailer" | "events" | "secrets">;
	actor: Actor;
	input: RequestInput;
	photos: readonly File[];
}): Promise<{ id: string; feeBillId: string | null }> {
	const { deps, actor, input, photos } = options;
	if (photos.length > MAX_REQUEST_PHOTOS)
		throw badRequest(REQUEST_MESSAGES.tooManyPhotos, "too_many_photos");
	await requireApprovedQuote({ db: deps.db, actor });
	const id = randomUUID();
	const images = await prepareImages({ files: photos });
	const stored: FileToStore[] = images.map((image) => {
		const fileId = randomUUID();
		return {
			id: fileId,
			storageKey: `request-photos/${actor.id}/${id}/${fileId}.${image.extension}`,
			fileName: image.fileName,
			contentType: image.contentType,
			data: image.data,
		};
	});
	return storeFiles({
		env: deps.env,
		files: stored,
		commit: () =>
			deps.events.transaction(async (tx) => {
				await requireApprovedQuote({ db: tx, actor });
				const created = await insertRequest({ deps, tx, id, userId: actor.id, input });
				await chargeUploadQuota({ tx, actor, kind: "request_photo", files: stored });
				await recordFiles({
					db: tx,
					kind: "request_photo",
					files: stored,
					link: { serviceRequestId: id, userId: actor.id },
					uploadedBy: actor.id,
				});
				await notifyBusiness({ deps, tx, userId: actor.id, input, photoCount: stored.length });
				return created;
			}),
	});
}

/**
 * The owner adds a request for a customer (every type, no photos). The customer needs a login:
 * requests belong to an account. The same fee rule and e-mail apply as for the customer's own.
 */
export async function addRequestForCustomer(options: {
	deps: Pick<Deps, "db" | "env" | "mailer" | "events" | "secrets">;
	actor: Actor;
	customerId: string;
	input: RequestInput;
}): Promise<{ id: string; feeBillId: string | null }> {
	const { deps, actor, input } = options;
	assertOwner(actor);
	return deps.events.transaction(async (tx) => {
		const [customer] = await tx
			.select({ userId: customers.userId })
			.from(customers)
			.where(eq(customers.id, options.customerId));
		if (!customer) throw notFound("Customer not found");
		if (!customer.userId) throw conflict(REQUEST_MESSAGES.noLogin, "no_login");
		const created = await insertRequest({
			deps,
			tx,
			id: randomUUID(),
			userId: customer.userId,
			input,
		});
		await notifyBusiness({
			deps,
			tx,
			userId: customer.userId,
			input,
			photoCount: 0,
			addedByOwner: true,
		});
		return created;
	});
}

async function insertRequest(options: {
	deps: Pick<Deps, "events">;
	tx: Transaction;
	id: string;
	userId: string;
	input: RequestInput;
}) {
	const { deps, tx, id, userId, input } = options;
	await tx.insert(serviceRequests).values({
		id,
		userId,
		requestType: input.requestType,
		details: input.details,
		priority: input.priority,
		requestedColorScheme: input.requestType === "ChangeColor" ? (input.colorScheme ?? null) : null,
		customColors: input.requestType === "ChangeColor" ? input.customColors : null,
	});
	let feeBillId: string | null = null;
	if (input.requestType === "ChangeColor") {
		const pricing = await getPricing({ db: tx });
		if (pricing.requirePayment) {
			const [bill] = await tx
				.insert(bills)
				.values({
					userId,
					serviceRequestId: id,
					description: `${COLOR_FEE_DESCRIPTION}: ${input.colorScheme}`,
					dueDate: addDays(businessDate(), COLOR_FEE_DUE_DAYS),
					amountCents: pricing.colorFeeCents,
				})
				.returning({ id: bills.id });
			feeBillId = bill!.id;
			await deps.events.publish(tx, { kind: "bill.changed", billId: feeBillId, userId });
		}
	}
	await deps.events.publish(tx, { kind: "request.changed", requestId: id, userId });
	return { id, feeBillId };
}

async function contactOf(tx: Executor, userId: string) {
	const [row] = await tx
		.select({
			name: sql<string>`coalesce(${customers.name}, ${profiles.displayName}, ${users.name})`,
			email: users.email,
			emailVerified: users.emailVerified,
			phone: sql<string | null>`coalesce(${customers.phone}, ${profiles.phone})`,
			address: sql<
				string | null
			>`nullif(concat_ws(', ', ${customers.address}, ${customers.city}, ${customers.state}), '')`,
			idNumber: customers.idNumber,
		})
		.from(users)
		.leftJoin(profiles, eq(profiles.userId, users.id))
		.leftJoin(customers, eq(customers.userId, users.id))
		.where(eq(users.id, userId));
	return row!;
}

async function notifyBusiness(options: {
	deps: Pick<Deps, "env" | "mailer" | "secrets" | "events">;
	tx: Transaction;
	userId: string;
	input: RequestInput;
	photoCount: number;
	addedByOwner?: boolean;
}) {
	const { deps, tx, input } = options;
	const business = await getBusinessProfile({ db: tx });
	const customer = await contactOf(tx, options.userId);
	if (!options.addedByOwner)
		await notify(tx, deps, "owners", {
			kind: "new_service_request",
			title: `${input.priority === "Urgent" ? "Urgent: " : ""}New service request`,
			body: `${customer.name}: ${REQUEST_TYPE_LABELS[input.requestType]}`,
			url: "/owner/requests",
			tag: `request-${options.userId}`,
		});
	await queueNoticeEmail(
		tx,
		deps,
		newServiceRequestEmail({
			business,
			url: `${deps.env.APP_URL}/owner/requests`,
			request: {
				type: input.requestType,
				priority: input.priority,
				details: input.details,
				colorScheme: input.requestType === "ChangeColor" ? (input.colorScheme ?? null) : null,
				customColors: input.requestType === "ChangeColor" ? input.customColors : null,
				photoCount: options.photoCount,
				addedByOwner: options.addedByOwner ?? false,
			},
			customer,
		}),
		{ audience: "business", category: "messages" },
	);
}

/** Which statuses each action starts from and what it sets. */
const TRANSITIONS = {
	start: { from: ["open"], to: "in_progress", message: REQUEST_MESSAGES.updated },
	complete: { from: OPEN_REQUEST_STATUSES, to: "resolved", message: REQUEST_MESSAGES.completed },
	cancel: { from: OPEN_REQUEST_STATUSES, to: "cancelled", message: REQUEST_MESSAGES.cancelled },
} as const satisfies Record<
	RequestAction,
	{ from: readonly RequestStatus[]; to: RequestStatus; message: string }
>;

/**
 * The owner moves a request along: starts, completes or cancels any request. One conditional
 * UPDATE decides, so two clicks at once change it once; a change that makes no sense (completing
 * a cancelled request, a second Complete) is refused with 409 and changes nothing. Resolving or
 * cancelling e-mails the customer; cancelling removes the request's colour-change fee while it is
 * unpaid (a paid one stays, for the owner to refund by hand).
 */
export async function changeRequestStatus(options: {
	deps: Pick<Deps, "db" | "env" | "mailer" | "events" | "secrets">;
	actor: Actor;
	id: string;
	action: RequestAction;
}): Promise<{ id: string; status: RequestStatus; message: string }> {
	const { deps, actor, id, action } = options;
	assertOwner(actor);
	return moveRequest({ deps, id, rule: TRANSITIONS[action], from: TRANSITIONS[action].from });
}

/**
 * The signed-in person cancels an open service request of their own, as its customer; anyone
 * else's is "not found", whatever their role (the owner's own cancel is changeRequestStatus).
 * Otherwise as changeRequestStatus: the customer is e-mailed and an unpaid colour fee goes.
 */
export async function cancelMyRequest(options: {
	deps: Pick<Deps, "db" | "env" | "mailer" | "events" | "secrets">;
	actor: Actor;
	id: string;
}): Promise<{ id: string; status: RequestStatus; message: string }> {
	const { deps, actor, id } = options;
	return moveRequest({ deps, id, rule: TRANSITIONS.cancel, from: ["open"], customerId: actor.id });
}

/**
 * One conditional UPDATE from `from` to the rule's status; with `customerId`, only that
 * customer's own request moves (another's is 404) and it is the customer who cancelled.
 */
async function moveRequest(options: {
	deps: Pick<Deps, "db" | "env" | "mailer" | "events" | "secrets">;
	id: string;
	rule: (typeof TRANSITIONS)[RequestAction];
	from: readonly RequestStatus[];
	customerId?: string;
}): Promise<{ id: string; status: RequestStatus; message: string }> {
	const { deps, id, rule, from, customerId } = options;
	const byOwner = customerId === undefined;
	const mine = byOwner ? sql`true` : eq(serviceRequests.userId, customerId);

	return deps.events.transaction(async (tx) => {
		const [changed] = await tx
			.update(serviceRequests)
			.set({ status: rule.to, updatedAt: sql`now()` })
			.where(and(eq(serviceRequests.id, id), mine, inArray(serviceRequests.status, from)))
			.returning({
				userId: serviceRequests.userId,
				requestType: serviceRequests.requestType,
			});
		if (!changed) {
			const [existing] = await tx
				.select({ status: serviceRequests.status })
				.from(serviceRequests)
				.where(and(eq(serviceRequests.id, id), mine));
			if (!existing) throw notFound(REQUEST_MESSAGES.notFound);
			throw conflict(
				byOwner ? REQUEST_MESSAGES.alreadyClosed : REQUEST_MESSAGES.notOpen,
				"invalid_transition",
			);
		}
		const { userId } = changed;
		let feeRemoved = false;
		if (rule.to === "cancelled") {
			const removed = await tx
				.delete(bills)
				.where(and(eq(bills.serviceRequestId, id), eq(bills.status, "pending")))
				.returning({ id: bills.id });
			for (const bill of removed)
				await deps.events.publish(tx, { kind: "bill.changed", billId: bill.id, userId });
			feeRemoved = removed.length > 0;
		}
		if (rule.to === "resolved" || rule.to === "cancelled") {
			const contact = await contactOf(tx, userId);
			await queueNoticeEmail(
				tx,
				deps,
				serviceRequestClosedEmail({
					to: contact.email,
					name: recipientName(contact),
					type: changed.requestType,
					status: rule.to,
					cancelledByCustomer: !byOwner,
					feeRemoved,
					url: `${deps.env.APP_URL}/app/requests`,
					business: await getBusinessProfile({ db: tx }),
				}),
				{ audience: { userId }, category: "messages" },
			);
		}
		await deps.events.publish(tx, { kind: "request.changed", requestId: id, userId });
		return { id, status: rule.to, message: rule.message };
	});
}
