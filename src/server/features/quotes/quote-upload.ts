import { randomUUID } from "node:crypto";
import type { z } from "@hono/zod-openapi";
import { MAX_QUOTE_PHOTOS, type ServiceChoice } from "../../../shared/estimate.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { badRequest } from "../../lib/errors.ts";
import { multipartForm, uploadLimit } from "../../lib/multipart.ts";
import { newQuoteRequestEmail } from "../email/templates.ts";
import { calculateEstimate } from "../estimate/estimate.service.ts";
import { type FileToStore, MAX_FILE_BYTES, prepareImages } from "../files/files.service.ts";
import { notify, queueNoticeEmail } from "../notifications/notify.service.ts";
import { getBusinessProfile } from "../settings/settings.service.ts";

const TOO_MANY_PHOTOS = `You can upload at most ${MAX_QUOTE_PHOTOS} photos`;

/** The quote request routes' own body limit: six photos of 10 MB each and the form. */
export const quoteUploadLimit = uploadLimit({
	maxFiles: MAX_QUOTE_PHOTOS,
	maxFileBytes: MAX_FILE_BYTES,
	message: `The upload is too large. Send at most ${MAX_QUOTE_PHOTOS} photos of up to 10 MB each.`,
});

/** A quote request as multipart: `data` is the form's JSON (checked by `data`), `photos` repeats once per image. */
export function quoteUploadForm<T extends z.ZodType>(data: T, description: string) {
	return multipartForm({
		data,
		description,
		files: "photos",
		maxFiles: MAX_QUOTE_PHOTOS,
		tooMany: TOO_MANY_PHOTOS,
		notAFile: "Photos must be image files",
		filesDescription: `Up to ${MAX_QUOTE_PHOTOS} images (JPEG, PNG, WebP, GIF or HEIC), 10 MB each`,
	});
}

/**
 * Everything a quote request needs before it is saved: the estimate recomputed from the
 * catalogue (the browser's numbers are never used) and the photos checked, re-encoded and named
 * under `folder`.
 */
export async function prepareQuoteRequest(options: {
	deps: Pick<Deps, "db">;
	id: string;
	folder: string;
	services: ServiceChoice[];
	city: string | null;
	state: string | null;
	photos: readonly File[];
}) {
	const { deps, photos } = options;
	if (photos.length > MAX_QUOTE_PHOTOS) throw badRequest(TOO_MANY_PHOTOS, "too_many_photos");
	const { estimate, lines } = await calculateEstimate({
		db: deps.db,
		services: options.services,
		city: options.city,
		state: options.state,
	});
	const images = await prepareImages({ files: photos });
	const stored: FileToStore[] = images.map((image) => {
		const fileId = randomUUID();
		return {
			id: fileId,
			storageKey: `${options.folder}/${fileId}.${image.extension}`,
			fileName: image.fileName,
			contentType: image.contentType,
			data: image.data,
		};
	});
	return { estimate, lines, stored };
}

/** Queues the business's e-mail about a new quote request, in the transaction that saves it. */
export async function notifyNewQuoteRequest(options: {
	deps: Pick<Deps, "env" | "mailer" | "secrets" | "events">;
	tx: Executor;
	/** The new quote's id, which its notification opens. */
	id: string;
	request: Parameters<typeof newQuoteRequestEmail>[0]["request"];
}) {
	const { deps, tx, request } = options;
	const business = await getBusinessProfile({ db: tx });
	await notify(tx, deps, "owners", {
		kind: "new_quote_request",
		title: "New quote request",
		body: `${request.name}${request.city ? `, ${request.city}` : ""}`,
		url: `/owner/quotes?open=${request.source}-${options.id}`,
		tag: `quote-${options.id}`,
	});
	await queueNoticeEmail(
		tx,
		deps,
		newQuoteRequestEmail({ business, url: `${deps.env.APP_URL}/owner/quotes`, request }),
		{ audience: "business", category: "offers" },
	);
}
