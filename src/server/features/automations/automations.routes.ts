import { createRoute } from "@hono/zod-openapi";
import { automationSwitchesSchema, automationsSchema } from "../../../shared/automations.ts";
import type { OwnerEnv } from "../../app-env.ts";
import { createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { getAutomations, setAutomationSwitches } from "./reminders.service.ts";

/** Settings → Automations, under /api/owner. */
export const ownerRoutes = createRouter<OwnerEnv>()
	.openapi(
		createRoute({
			method: "get",
			path: "/automations",
			tags: ["automations"],
			summary: "Which automated reminders are on, and the last 50 sent with their e-mail's fate",
			responses: {
				200: { description: "Automations", ...jsonContent(automationsSchema) },
				...errorResponses,
			},
		}),
		async (c) => c.json(await getAutomations({ db: c.var.deps.db }), 200),
	)
	.openapi(
		createRoute({
			method: "patch",
			path: "/automations",
			tags: ["automations"],
			summary: "Switch automated reminders on or off (each one optional), and set the review link",
			request: { body: { ...jsonContent(automationSwitchesSchema), required: true } },
			responses: {
				200: { description: "Saved", ...jsonContent(automationsSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(await setAutomationSwitches({ deps: c.var.deps, switches: c.req.valid("json") }), 200),
	);
