import { z } from "zod";

// zod compiles fast parsers with `new Function`, which the pages' Content Security Policy forbids
// (and the browser reports as a violation). The plain parsers are fast enough for our forms.
z.config({ jitless: true });

export { z };
