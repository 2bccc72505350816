import {
	createCipheriv,
	createDecipheriv,
	createHmac,
	hkdfSync,
	randomBytes,
	timingSafeEqual,
} from "node:crypto";

const VERSION = "v1";

/**
 * Encrypts the settings' secrets at rest (decision 011): AES-256-GCM, a random 96-bit nonce per
 * value, stored as "v1:<nonce>:<tag>:<ciphertext>" (base64url). A copy of the database alone
 * reveals nothing; the key lives in the environment.
 */
export interface SecretBox {
	seal(plain: string): string;
	/** The plain text, or undefined when the value was sealed under another key or is damaged. */
	open(sealed: string): string | undefined;
	/** A signature of `text` (base64url), for links that act without a session (unsubscribe). */
	sign(text: string): string;
	/** Whether `signature` is `sign(text)`. */
	verify(text: string, signature: string): boolean;
}

/**
 * SETTINGS_ENCRYPTION_KEY (32 bytes, base64) when set; otherwise a key derived from the session
 * secret with HKDF, so every instance sharing AUTH_SECRET shares it too (decision 016).
 */
export function settingsKey(options: { encryptionKey?: string; authSecret: string }): Buffer {
	if (options.encryptionKey) return Buffer.from(options.encryptionKey, "base64");
	return Buffer.from(
		hkdfSync("sha256", options.authSecret, "", "buckeye settings encryption v1", 32),
	);
}

export function createSecretBox(key: Buffer): SecretBox {
	if (key.length !== 32) throw new Error("The settings encryption key must be 32 bytes");
	// Signing uses a key of its own, derived from the sealing key.
	const macKey = Buffer.from(hkdfSync("sha256", key, "", "buckeye link signatures v1", 32));
	const sign = (text: string) => createHmac("sha256", macKey).update(text).digest("base64url");
	return {
		sign,
		verify(text, signature) {
			const expected = Buffer.from(sign(text));
			const given = Buffer.from(signature);
			return given.length === expected.length && timingSafeEqual(given, expected);
		},
		seal(plain) {
			const nonce = randomBytes(12);
			const cipher = createCipheriv("aes-256-gcm", key, nonce);
			const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
			const parts = [nonce, cipher.getAuthTag(), data].map((b) => b.toString("base64url"));
			return [VERSION, ...parts].join(":");
		},
		open(sealed) {
			const [version, nonce, tag, data] = sealed.split(":");
			if (version !== VERSION || !nonce || !tag || data === undefined) return undefined;
			try {
				const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
				decipher.setAuthTag(Buffer.from(tag, "base64url"));
				const plain = Buffer.concat([
					decipher.update(Buffer.from(data, "base64url")),
					decipher.final(),
				]);
				return plain.toString("utf8");
			} catch {
				return undefined;
			}
		},
	};
}
