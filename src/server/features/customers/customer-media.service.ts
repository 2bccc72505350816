import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { seasonOf } from "../../../shared/bookings.ts";
import {
	CUSTOMER_IMAGE_TYPES,
	CUSTOMER_MESSAGES,
	MAX_CUSTOMER_IMAGE_BYTES,
	MAX_INSTALLATION_MEDIA,
} from "../../../shared/customers.ts";
import type { Deps } from "../../app-env.ts";
import { customers, files } from "../../db/schema.ts";
import { type Actor, assertOwner, assertStaff } from "../../lib/actor.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import {
	type FileToStore,
	prepareImages,
	recordFiles,
	removeStoredFiles,
	storeFiles,
} from "../files/files.service.ts";
import { findCustomer, publishCustomerChange } from "./owner-customers.service.ts";

const toStore = (
	folder: string,
	images: Awaited<ReturnType<typeof prepareImages>>,
): FileToStore[] =>
	images.map((image) => {
		const id = randomUUID();
		return {
			id,
			storageKey: `${folder}/${id}.${image.extension}`,
			fileName: image.fileName,
			contentType: image.contentType,
			data: image.data,
		};
	});

/**
 * The customer's picture: JPG, PNG or WebP (read from the bytes) up to 5 MB, re-encoded like every
 * photo. It replaces the previous one, whose file is removed.
 */
export async function setCustomerImage(options: {
	deps: Pick<Deps, "db" | "env" | "events" | "logger">;
	actor: Actor;
	id: string;
	image: File;
}) {
	const { deps, actor, id, image } = options;
	assertOwner(actor);
	const current = await findCustomer(deps.db, id);
	if (image.size > MAX_CUSTOMER_IMAGE_BYTES)
		throw new AppError(413, CUSTOMER_MESSAGES.imageTooLarge, "file_too_large");
	const type = await fileTypeFromBuffer(new Uint8Array(await image.arrayBuffer()));
	if (!type || !(CUSTOMER_IMAGE_TYPES as readonly string[]).includes(type.mime))
		throw badRequest(CUSTOMER_MESSAGES.notAnImage, "unsupported_file_type");
	const stored = toStore(
		`customer-images/${id}`,
		await prepareImages({ files: [image], maxBytes: MAX_CUSTOMER_IMAGE_BYTES }),
	);
	const previous = await storeFiles({
		env: deps.env,
		files: stored,
		commit: () =>
			deps.events.transaction(async (tx) => {
				// Locked, so two uploads at once both leave a consistent record (the last one wins).
				const [row] = await tx
					.select({ imageFileId: customers.imageFileId })
					.from(customers)
					.where(eq(customers.id, id))
					.for("update");
				if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
				await recordFiles({
					db: tx,
					kind: "customer_image",
					files: stored,
					link: current.userId ? { userId: current.userId } : {},
					uploadedBy: actor.id,
				});
				await tx
					.update(customers)
					.set({ imageFileId: stored[0]!.id, updatedAt: sql`now()` })
					.where(eq(customers.id, id));
				const old = row.imageFileId
					? await tx.delete(files).where(eq(files.id, row.imageFileId)).returning()
					: [];
				await publishCustomerChange(deps, tx, current);
				return old.map((f) => f.storageKey);
			}),
	});
	await removeStoredFiles({ deps, keys: previous });
	return { imageFileId: stored[0]!.id, message: CUSTOMER_MESSAGES.imageUploaded(current.name) };
}

/** Takes the customer's picture away (the card shows the placeholder again). */
export async function removeCustomerImage(options: {
	deps: Pick<Deps, "db" | "env" | "events" | "logger">;
	actor: Actor;
	id: string;
}) {
	const { deps, actor, id } = options;
	assertOwner(actor);
	const removed = await deps.events.transaction(async (tx) => {
		const [row] = await tx.select().from(customers).where(eq(customers.id, id)).for("update");
		if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
		if (!row.imageFileId) return [];
		await tx
			.update(customers)
			.set({ imageFileId: null, updatedAt: sql`now()` })
			.where(eq(customers.id, id));
		const old = await tx.delete(files).where(eq(files.id, row.imageFileId)).returning();
		await publishCustomerChange(deps, tx, row);
		return old.map((f) => f.storageKey);
	});
	await removeStoredFiles({ deps, keys: removed });
	return { message: CUSTOMER_MESSAGES.imageRemoved };
}

/**
 * Photos of the finished display: kept under the customer's login, who sees them on Home. The
 * owner adds them from the customer page, a crew member when marking the house installed.
 */
export async function addInstallationMedia(options: {
	deps: Pick<Deps, "db" | "env" | "events">;
	actor: Actor;
	id: string;
	media: readonly File[];
}) {
	const { deps, actor, id, media } = options;
	assertStaff(actor);
	const customer = await findCustomer(deps.db, id);
	if (!customer.userId) throw conflict(CUSTOMER_MESSAGES.noLogin);
	if (media.length === 0) throw badRequest(CUSTOMER_MESSAGES.notAnImage);
	if (media.length > MAX_INSTALLATION_MEDIA)
		throw badRequest(`You can upload at most ${MAX_INSTALLATION_MEDIA} photos at a time`);
	const userId = customer.userId;
	const stored = toStore(`installation-media/${userId}`, await prepareImages({ files: media }));
	await storeFiles({
		env: deps.env,
		files: stored,
		commit: () =>
			deps.events.transaction(async (tx) => {
				await recordFiles({
					db: tx,
					kind: "installation_media",
					files: stored,
					link: { userId },
					uploadedBy: actor.id,
				});
				await deps.events.publish(tx, { kind: "customer.changed", userId });
			}),
	});
	return { ids: stored.map((f) => f.id), message: CUSTOMER_MESSAGES.mediaUploaded };
}

/** Removes one installation photo of this customer. */
export async function removeInstallationMedia(options: {
	deps: Pick<Deps, "db" | "env" | "events" | "logger">;
	actor: Actor;
	id: string;
	fileId: string;
}) {
	const { deps, actor, id, fileId } = options;
	assertOwner(actor);
	const customer = await findCustomer(deps.db, id);
	const userId = customer.userId;
	if (!userId) throw notFound("File not found");
	const removed = await deps.events.transaction(async (tx) => {
		const rows = await tx
			.delete(files)
			.where(
				and(eq(files.id, fileId), eq(files.userId, userId), eq(files.kind, "installation_media")),
			)
			.returning();
		if (rows.length === 0) throw notFound("File not found");
		await deps.events.publish(tx, { kind: "customer.changed", userId });
		return rows.map((f) => f.storageKey);
	});
	await removeStoredFiles({ deps, keys: removed });
	return { message: CUSTOMER_MESSAGES.mediaRemoved };
}

/**
 * The installation photos of several houses (a crew's day), newest first, by login, each with the
 * season it was taken in (seasons run August 1 to July 31), at most `perHouse` each.
 */
export async function installationPhotosOf(options: {
	deps: Pick<Deps, "db">;
	actor: Actor;
	userIds: readonly string[];
	perHouse?: number;
}) {
	const { deps, actor, userIds, perHouse = 6 } = options;
	assertStaff(actor);
	const result = new Map<string, { id: string; season: string }[]>();
	if (userIds.length === 0) return result;
	const rows = await deps.db
		.select({
			id: files.id,
			userId: files.userId,
			taken: sql<string>`to_char(${files.createdAt} at time zone 'America/New_York', 'YYYY-MM-DD')`,
		})
		.from(files)
		.where(and(inArray(files.userId, [...userIds]), eq(files.kind, "installation_media")))
		.orderBy(desc(files.createdAt), desc(files.id));
	for (const row of rows) {
		const list = result.get(row.userId!) ?? [];
		if (list.length < perHouse) list.push({ id: row.id, season: seasonOf(row.taken) });
		result.set(row.userId!, list);
	}
	return result;
}
