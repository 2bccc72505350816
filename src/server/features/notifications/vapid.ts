import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { Database } from "../../db/database.ts";
import { vapidKeys } from "../../db/schema.ts";
import type { Env } from "../../env.ts";
import type { SecretBox } from "../../lib/secret-box.ts";

export interface VapidKeys {
	publicKey: string;
	privateKey: string;
	subject: string;
}

/**
 * The key pair pushes are signed with: the environment's when set; else the one kept in the
 * database, made by whichever instance starts first (the others read that one). A row sealed under
 * another settings key cannot be opened: a new pair replaces it, and devices subscribe again.
 */
export async function loadVapidKeys(options: {
	db: Database;
	env: Env;
	secrets: SecretBox;
}): Promise<VapidKeys> {
	const { db, env, secrets } = options;
	const subject = env.VAPID_SUBJECT;
	if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
		return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
	const fresh = webpush.generateVAPIDKeys();
	await db
		.insert(vapidKeys)
		.values({ id: 1, publicKey: fresh.publicKey, privateKeySealed: secrets.seal(fresh.privateKey) })
		.onConflictDoNothing();
	const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
	const privateKey = row ? secrets.open(row.privateKeySealed) : undefined;
	if (row && privateKey) return { publicKey: row.publicKey, privateKey, subject };
	await db
		.update(vapidKeys)
		.set({ publicKey: fresh.publicKey, privateKeySealed: secrets.seal(fresh.privateKey) })
		.where(eq(vapidKeys.id, 1));
	return { publicKey: fresh.publicKey, privateKey: fresh.privateKey, subject };
}
