import { config, z } from "zod";
import { groupDigits } from "./money.ts";

// zod compiles fast parsers with `new Function`, which the pages' Content Security Policy forbids
// (and the browser reports as a violation). The plain parsers are fast enough for our forms. Set
// before any schema is made. A page's first scripts make none: there the client build drops this
// call, and zod with it (scripts/pure-schemas.ts).
config({ jitless: true });

export { z };

/** The message of a text past its limit: which field, and how long it may be. */
export const tooLong = (field: string, max: number) =>
	`${field} can be at most ${groupDigits(max)} characters`;
