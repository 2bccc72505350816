import { createRoute, z } from "@hono/zod-openapi";
import { serviceOptionSchema } from "../../../shared/catalog.ts";
import {
	serviceOptionInputSchema,
	serviceOptionListSchema,
	serviceOptionUpdateSchema,
	serviceOrderSchema,
} from "../../../shared/settings.ts";
import type { OwnerEnv } from "../../app-env.ts";
import { SITE_TAG } from "../../lib/read-cache.ts";
import { cachedJson, createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import {
	createService,
	deleteService,
	listActiveServices,
	listAllServices,
	reorderServices,
	updateService,
} from "./catalog.service.ts";

export const publicRoutes = createRouter().openapi(
	createRoute({
		method: "get",
		path: "/catalog",
		tags: ["catalog"],
		summary: "The active services of the catalogue, in display order (public)",
		responses: {
			200: {
				description: "Active services",
				content: {
					"application/json": { schema: z.object({ services: z.array(serviceOptionSchema) }) },
				},
			},
		},
	}),
	async (c) =>
		cachedJson(c, "catalog", [SITE_TAG], async () => ({
			services: await listActiveServices({ db: c.var.deps.db }),
		})),
);

const idParams = z.object({ id: z.uuid("Service option not found") });

export const ownerRoutes = createRouter<OwnerEnv>()
	.openapi(
		createRoute({
			method: "get",
			path: "/catalog",
			tags: ["catalog"],
			summary: "Every service option, active or not, in display order",
			responses: {
				200: { description: "Service options", ...jsonContent(serviceOptionListSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json({ services: await listAllServices({ db: c.var.deps.db, actor: c.var.user }) }, 200),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/catalog",
			tags: ["catalog"],
			summary: "Add a service option (price in dollars, kept in cents), last in the order",
			request: { body: { ...jsonContent(serviceOptionInputSchema), required: true } },
			responses: {
				201: { description: "The new service option", ...jsonContent(serviceOptionSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await createService({ deps: c.var.deps, actor: c.var.user, input: c.req.valid("json") }),
				201,
			),
	)
	.openapi(
		createRoute({
			method: "put",
			path: "/catalog/order",
			tags: ["catalog"],
			summary: "Reorder the service options: every id once, first to last",
			request: { body: { ...jsonContent(serviceOrderSchema), required: true } },
			responses: {
				200: {
					description: "Service options in their new order",
					...jsonContent(serviceOptionListSchema),
				},
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				{
					services: await reorderServices({
						deps: c.var.deps,
						actor: c.var.user,
						ids: c.req.valid("json").ids,
					}),
				},
				200,
			),
	)
	.openapi(
		createRoute({
			method: "patch",
			path: "/catalog/{id}",
			tags: ["catalog"],
			summary: "Edit, activate or deactivate a service option",
			request: {
				params: idParams,
				body: { ...jsonContent(serviceOptionUpdateSchema), required: true },
			},
			responses: {
				200: { description: "The service option", ...jsonContent(serviceOptionSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await updateService({
					deps: c.var.deps,
					actor: c.var.user,
					id: c.req.valid("param").id,
					update: c.req.valid("json"),
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "delete",
			path: "/catalog/{id}",
			tags: ["catalog"],
			summary: "Delete a service option (quotes keep their copy of its line)",
			request: { params: idParams },
			responses: {
				204: { description: "Deleted" },
				...errorResponses,
			},
		}),
		async (c) => {
			await deleteService({ deps: c.var.deps, actor: c.var.user, id: c.req.valid("param").id });
			return c.body(null, 204);
		},
	);
