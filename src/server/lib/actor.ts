import type { Role } from "../../shared/auth.ts";
import { forbidden } from "./errors.ts";

/** Who is acting: every service that reads or changes someone's data is told, and checks it. */
export interface Actor {
	id: string;
	role: Role;
}

/** Owner capability, whatever area the owner is looking at. */
export function assertOwner(actor: Actor): void {
	if (actor.role !== "owner") throw forbidden("Only the business owner can do this");
}

/** The business's people on a job: an owner or a crew member. */
export function assertStaff(actor: Actor): void {
	if (actor.role !== "owner" && actor.role !== "crew")
		throw forbidden("Only the business's crews can do this");
}
