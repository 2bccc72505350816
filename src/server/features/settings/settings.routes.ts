import { createRoute, z } from "@hono/zod-openapi";
import { businessProfileSchema } from "../../../shared/business.ts";
import {
	ownerSettingsSchema,
	SECRET_NAMES,
	settingsUpdateSchema,
} from "../../../shared/settings.ts";
import type { OwnerEnv } from "../../app-env.ts";
import { createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import {
	getCachedBusinessProfile,
	getOwnerSettings,
	removeSecret,
	saveSettings,
} from "./settings.service.ts";

export const publicRoutes = createRouter().openapi(
	createRoute({
		method: "get",
		path: "/business",
		tags: ["settings"],
		summary: "The business's public profile: name, phone, e-mail, service areas, hours (public)",
		responses: {
			200: {
				description: "Business profile",
				content: { "application/json": { schema: businessProfileSchema } },
			},
		},
	}),
	async (c) => c.json(await getCachedBusinessProfile(c.var.deps), 200),
);

const settingsAnswer = {
	200: {
		description: "The settings; secrets only as set or not and their last four characters",
		...jsonContent(ownerSettingsSchema),
	},
	...errorResponses,
};

export const ownerRoutes = createRouter<OwnerEnv>()
	.openapi(
		createRoute({
			method: "get",
			path: "/settings",
			tags: ["settings"],
			summary: "Business profile, pricing and payment keys (secrets masked)",
			responses: settingsAnswer,
		}),
		async (c) => c.json(await getOwnerSettings({ deps: c.var.deps, actor: c.var.user }), 200),
	)
	.openapi(
		createRoute({
			method: "put",
			path: "/settings",
			tags: ["settings"],
			summary: "Save Settings: the parts sent (profile, pricing, payment keys) are saved",
			request: { body: { ...jsonContent(settingsUpdateSchema), required: true } },
			responses: settingsAnswer,
		}),
		async (c) =>
			c.json(
				await saveSettings({ deps: c.var.deps, actor: c.var.user, update: c.req.valid("json") }),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "delete",
			path: "/settings/payment-keys/{name}",
			tags: ["settings"],
			summary: "Remove a saved payment secret (secret key or webhook signing secret)",
			request: { params: z.object({ name: z.enum(SECRET_NAMES) }) },
			responses: settingsAnswer,
		}),
		async (c) =>
			c.json(
				await removeSecret({
					deps: c.var.deps,
					actor: c.var.user,
					name: c.req.valid("param").name,
				}),
				200,
			),
	);
