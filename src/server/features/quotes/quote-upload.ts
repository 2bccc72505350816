import { randomUUID } from "node:crypto";
import { z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { MAX_QUOTE_PHOTOS, type ServiceChoice } from "../../../shared/estimate.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { badRequest } from "../../lib/errors.ts";
import { newQuoteRequestEmail } from "../email/templates.ts";
import { calculateEstimate } from "../estimate/estimate.service.ts";
import { type FileToStore, MAX_FILE_BYTES, prepareImages } from "../files/files.service.ts";
import { getBusinessProfile } from "../settings/settings.service.ts";

export const TOO_MANY_PHOTOS = `You can upload at most ${MAX_QUOTE_PHOTOS} photos`;
/** Six photos of 10 MB each, the form's JSON and multipart overhead; other API routes keep 1 MB. */
export const QUOTE_UPLOAD_BODY_LIMIT = MAX_QUOTE_PHOTOS * MAX_FILE_BYTES + 2 * 1024 * 1024;

/** The larger body limit of the quote request routes, with a message people can act on. */
export const quoteUploadLimit = bodyLimit({
	maxSize: QUOTE_UPLOAD_BODY_LIMIT,
	onError: (c) =>
		c.json(
			{
				error: `The upload is too large. Send at most ${MAX_QUOTE_PHOTOS} photos of up to 10 MB each.`,
			},
			413,
		),
});

const photo = z
	.instanceof(File, { message: "Photos must be image files" })
	.openapi({ type: "string", format: "binary" });

/** A quote request as multipart: `data` is the form's JSON (checked by `data`), `photos` repeats once per image. */
export function quoteUploadForm<T extends z.ZodType>(data: T, description: string) {
	return z.object({
		data: z
			.string("Missing the form data")
			.max(1024 * 1024, "The form data is too large")
			.transform((text, ctx) => {
				try {
					return JSON.parse(text) as unknown;
				} catch {
					ctx.addIssue({ code: "custom", message: "The form data is not valid JSON" });
					return z.NEVER;
				}
			})
			.pipe(data)
			.openapi({ type: "string", description }),
		photos: z
			.preprocess(
				(v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
				z.array(photo).max(MAX_QUOTE_PHOTOS, TOO_MANY_PHOTOS),
			)
			.openapi({
				type: "array",
				items: { type: "string", format: "binary" },
				description: `Up to ${MAX_QUOTE_PHOTOS} images (JPEG, PNG, WebP, GIF or HEIC), 10 MB each`,
			}),
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
	deps: Pick<Deps, "env" | "mailer">;
	tx: Executor;
	request: Parameters<typeof newQuoteRequestEmail>[0]["request"];
}) {
	const business = await getBusinessProfile({ db: options.tx });
	await options.deps.mailer.enqueue(
		newQuoteRequestEmail({
			business,
			url: `${options.deps.env.APP_URL}/owner/quotes`,
			request: options.request,
		}),
		options.tx,
	);
}
