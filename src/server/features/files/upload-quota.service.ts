import { and, eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { BUSINESS_TIME_ZONE } from "../../../shared/dates.ts";
import type { FileKind } from "../../../shared/files.ts";
import type { AppEnv, SignedInEnv } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { files, quoteRequests, users } from "../../db/schema.ts";
import type { Actor } from "../../lib/actor.ts";
import { AppError, forbidden } from "../../lib/errors.ts";
import { UPLOAD_QUOTA } from "../../lib/rate-limit-rules.ts";

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** "100 MB", "1 GB", "2.5 MB": sizes as people read them. */
function size(bytes: number): string {
	if (bytes >= GB) return `${Number((bytes / GB).toFixed(1))} GB`;
	return `${Number((bytes / MB).toFixed(1))} MB`;
}

export const UPLOAD_QUOTA_MESSAGES = {
	daily: `You can upload up to ${size(UPLOAD_QUOTA.dailyBytes)} a day. Please try again tomorrow.`,
	dailyLeft: (left: number) =>
		`You can upload up to ${size(UPLOAD_QUOTA.dailyBytes)} a day, and ${size(left)} is left today. Please send fewer or smaller files, or try again tomorrow.`,
	total: `Your account has reached its ${size(UPLOAD_QUOTA.totalBytes)} of files. Please contact us to send more.`,
	totalLeft: (left: number) =>
		`Your account can keep ${size(UPLOAD_QUOTA.totalBytes)} of files, and ${size(left)} is left. Please send fewer or smaller files, or contact us to send more.`,
	beforeApproval: `Until your quote is approved you can send up to ${UPLOAD_QUOTA.filesBeforeApproval} files in chat. Your messages still reach us.`,
} as const;

interface Usage {
	todayBytes: number;
	totalBytes: number;
	chatFiles: number;
}

/** The business's calendar day began at this instant (uploads count per day, as people say it). */
const startOfBusinessDay = sql`(date_trunc('day', now() at time zone ${BUSINESS_TIME_ZONE}) at time zone ${BUSINESS_TIME_ZONE})`;

/** What the account has uploaded: today, in all, and how many chat attachments (files_uploaded_by_idx). */
async function usageOf(db: Executor, userId: string): Promise<Usage> {
	const [row] = await db
		.select({
			todayBytes:
				sql<number>`coalesce(sum(${files.sizeBytes}) filter (where ${files.createdAt} >= ${startOfBusinessDay}), 0)`.mapWith(
					Number,
				),
			totalBytes: sql<number>`coalesce(sum(${files.sizeBytes}), 0)`.mapWith(Number),
			chatFiles: sql<number>`count(*) filter (where ${files.kind} = 'chat_attachment')`.mapWith(
				Number,
			),
		})
		.from(files)
		.where(eq(files.uploadedBy, userId));
	return row ?? { todayBytes: 0, totalBytes: 0, chatFiles: 0 };
}

async function hasApprovedQuote(db: Executor, userId: string): Promise<boolean> {
	const [row] = await db
		.select({ id: quoteRequests.id })
		.from(quoteRequests)
		.where(and(eq(quoteRequests.userId, userId), eq(quoteRequests.status, "approved")))
		.limit(1);
	return Boolean(row);
}

/** Refuses `adding` (files and bytes, none before the body is read) when it does not fit. */
async function assertFits(
	db: Executor,
	userId: string,
	kind: FileKind,
	adding: { files: number; bytes: number },
) {
	const usage = await usageOf(db, userId);
	const dailyLeft = UPLOAD_QUOTA.dailyBytes - usage.todayBytes;
	if (dailyLeft <= 0) throw new AppError(429, UPLOAD_QUOTA_MESSAGES.daily, "daily_upload_limit");
	if (adding.bytes > dailyLeft)
		throw new AppError(429, UPLOAD_QUOTA_MESSAGES.dailyLeft(dailyLeft), "daily_upload_limit");
	const totalLeft = UPLOAD_QUOTA.totalBytes - usage.totalBytes;
	if (totalLeft <= 0) throw new AppError(413, UPLOAD_QUOTA_MESSAGES.total, "upload_quota_reached");
	if (adding.bytes > totalLeft)
		throw new AppError(413, UPLOAD_QUOTA_MESSAGES.totalLeft(totalLeft), "upload_quota_reached");
	if (
		kind === "chat_attachment" &&
		usage.chatFiles + Math.max(adding.files, 1) > UPLOAD_QUOTA.filesBeforeApproval &&
		!(await hasApprovedQuote(db, userId))
	)
		throw forbidden(UPLOAD_QUOTA_MESSAGES.beforeApproval);
}

/**
 * Charges files an account uploads against its quota (UPLOAD_QUOTA), once their stored sizes are
 * known, in the transaction that records them: past the quota it throws, and nothing is recorded.
 * The account's row is locked first, so two uploads at once are counted one after the other and
 * cannot both fit in the same remaining budget; the lock (no key update) still lets other writes
 * that merely name the account through. The owner is not limited.
 */
export async function chargeUploadQuota(options: {
	tx: Executor;
	actor: Actor;
	kind: FileKind;
	files: readonly { data: Uint8Array }[];
}) {
	const { tx, actor } = options;
	if (actor.role === "owner" || options.files.length === 0) return;
	await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for("no key update");
	const bytes = options.files.reduce((sum, f) => sum + f.data.byteLength, 0);
	await assertFits(tx, actor.id, options.kind, { files: options.files.length, bytes });
}

/**
 * Bodies this large surely carry files: the form's JSON alone is at most 1 MB (lib/multipart.ts).
 * Smaller ones may be a form without photos, which no quota concerns.
 */
const FORM_ONLY_BYTES = MB + 64 * 1024;

/**
 * The quota's first check, as route middleware before the upload is read: an account already past
 * its daily or total budget (or its chat allowance before approval) is answered at once, without
 * the server reading or decoding a single file. `filesOptional`: the form may come without files
 * (a quote, a service request); only a body large enough to carry some is refused here.
 */
export function uploadQuota(kind: FileKind, options: { filesOptional?: boolean } = {}) {
	return createMiddleware<AppEnv>(async (c, next) => {
		const { var: v } = c as unknown as Context<SignedInEnv>;
		const length = Number(c.req.header("content-length") ?? Number.POSITIVE_INFINITY);
		const mayCarryFiles = !options.filesOptional || !(length <= FORM_ONLY_BYTES);
		if (v.user.role !== "owner" && mayCarryFiles)
			await assertFits(v.deps.db, v.user.id, kind, { files: 0, bytes: 0 });
		await next();
	});
}
