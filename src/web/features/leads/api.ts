import type { z } from "zod";
import type { contactSchema } from "../../../shared/leads.ts";
import { client, readJson } from "../../lib/api-client.ts";

/** The contact form's message, saved as a lead. Nothing is cached, so leads have no query keys. */
export const sendContactMessage = (input: z.output<typeof contactSchema>) =>
	readJson(client.public.contact.$post({ json: input }));
