import type { z } from "zod";
import type { contactSchema } from "../../../shared/leads.ts";
import { api } from "../../lib/api-client.ts";

export const sendContactMessage = (input: z.output<typeof contactSchema>) =>
	api<unknown>("/api/public/contact", { method: "POST", body: input });
