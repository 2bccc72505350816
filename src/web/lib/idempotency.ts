import { useRef } from "react";

/** A random UUID (v4), also where `crypto.randomUUID` is missing (a page served over plain http). */
function newKey(): string {
	if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
	const bytes = crypto.getRandomValues(new Uint8Array(16));
	bytes[6] = (bytes[6]! & 0x0f) | 0x40;
	bytes[8] = (bytes[8]! & 0x3f) | 0x80;
	const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of a form's submission (src/server/lib/idempotency.ts): made at its first
 * send and sent again with every retry of it, so a repeat (a lost answer, a second tap) gets the
 * first answer instead of doing it twice. Once it succeeded, the next submission gets a new key.
 * A refused submission keeps its key: the server keeps nothing of a refusal.
 */
export function useIdempotencyKey() {
	const key = useRef<string | null>(null);
	return {
		headers: () => {
			key.current ??= newKey();
			return { "Idempotency-Key": key.current };
		},
		succeeded: () => {
			key.current = null;
		},
	};
}
