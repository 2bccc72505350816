import { createRoute, z } from "@hono/zod-openapi";
import { dateSchema } from "../../../shared/bookings.ts";
import { CUSTOMER_MESSAGES } from "../../../shared/customers.ts";
import {
	binCodeSchema,
	binDetailSchema,
	binInputSchema,
	binLabelsSchema,
	binListSchema,
	binScanInputSchema,
	binScanResultSchema,
	binSchema,
	dayBinsSchema,
	myStorageSchema,
	storageAlertsSchema,
	storageLocationInputSchema,
	storageLocationSchema,
} from "../../../shared/storage.ts";
import type { OwnerEnv, SignedInEnv } from "../../app-env.ts";
import { createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { signedIn } from "../auth/auth.middleware.ts";
import { getBinLabels } from "./bin-labels.service.ts";
import {
	addBin,
	addLocation,
	editBin,
	getBin,
	getDayBins,
	getMyStorage,
	getStorageAlerts,
	listCustomerBins,
	listLocations,
	removeLocation,
	scanBin,
} from "./storage.service.ts";

const locationsAnswer = {
	200: {
		description: "The storage locations",
		...jsonContent(z.object({ locations: z.array(storageLocationSchema) })),
	},
	...errorResponses,
};
const customerParams = z.object({ id: z.uuid(CUSTOMER_MESSAGES.notFound) });
const codeParams = z.object({ code: binCodeSchema });

/** The customer's own bins: how many, how many stored. */
export const customerRoutes = createRouter().openapi(
	createRoute({
		method: "get",
		path: "/storage",
		tags: ["storage"],
		summary: "My bins in the warehouse: how many, and how many are stored",
		middleware: signedIn(),
		responses: {
			200: { description: "My bins", ...jsonContent(myStorageSchema) },
			...errorResponses,
		},
	}),
	async (c) => c.json(await getMyStorage({ deps: c.var.deps, actor: c.var.user }), 200),
);

/** Bins as the crews handle them, under /api/crew (a crew member or an owner). */
export const crewRoutes = createRouter<SignedInEnv>()
	.openapi(
		createRoute({
			method: "get",
			path: "/storage/locations",
			tags: ["storage"],
			summary: "The warehouse's locations, with their shelves and how many bins each holds",
			responses: locationsAnswer,
		}),
		async (c) =>
			c.json({ locations: await listLocations({ deps: c.var.deps, actor: c.var.user }) }, 200),
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/bins/{code}",
			tags: ["storage"],
			summary:
				"A bin's page (its label's QR code): customer, contents, place, state and every scan",
			request: { params: codeParams },
			responses: {
				200: { description: "The bin", ...jsonContent(binDetailSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await getBin({ deps: c.var.deps, actor: c.var.user, code: c.req.valid("param").code }),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/bins/scans",
			tags: ["storage"],
			summary:
				"One scan: the bin moves to the scan's state when allowed (409 with the reason otherwise); the same scan id again counts once",
			request: { body: { ...jsonContent(binScanInputSchema), required: true } },
			responses: {
				200: { description: "Counted (or counted before)", ...jsonContent(binScanResultSchema) },
				409: { description: "Not allowed from the bin's state" },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await scanBin({ deps: c.var.deps, actor: c.var.user, scan: c.req.valid("json") }),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/days/{day}/bins",
			tags: ["storage"],
			summary: "The bins of each house on a day, to pull and load",
			request: { params: z.object({ day: dateSchema }) },
			responses: {
				200: { description: "The day's bins", ...jsonContent(dayBinsSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await getDayBins({ deps: c.var.deps, actor: c.var.user, day: c.req.valid("param").day }),
				200,
			),
	);

/** Locations, customers' bins, labels and the dashboard's warnings, under /api/owner. */
export const ownerRoutes = createRouter<OwnerEnv>()
	.openapi(
		createRoute({
			method: "post",
			path: "/storage/locations",
			tags: ["storage"],
			summary: "Add a location (a rack with shelves, or a free name)",
			request: { body: { ...jsonContent(storageLocationInputSchema), required: true } },
			responses: { ...locationsAnswer, 409: { description: "The name is taken" } },
		}),
		async (c) =>
			c.json(
				{
					locations: await addLocation({
						deps: c.var.deps,
						actor: c.var.user,
						input: c.req.valid("json"),
					}),
				},
				200,
			),
	)
	.openapi(
		createRoute({
			method: "delete",
			path: "/storage/locations/{id}",
			tags: ["storage"],
			summary: "Remove an empty location",
			request: { params: z.object({ id: z.uuid("Location not found") }) },
			responses: { ...locationsAnswer, 409: { description: "Bins are stored there" } },
		}),
		async (c) =>
			c.json(
				{
					locations: await removeLocation({
						deps: c.var.deps,
						actor: c.var.user,
						id: c.req.valid("param").id,
					}),
				},
				200,
			),
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/storage/alerts",
			tags: ["storage"],
			summary: "Bins not back 2 days after their takedown, and missing bins",
			responses: {
				200: { description: "Bins to look for", ...jsonContent(storageAlertsSchema) },
				...errorResponses,
			},
		}),
		async (c) => c.json(await getStorageAlerts({ deps: c.var.deps, actor: c.var.user }), 200),
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/customers/{id}/bins",
			tags: ["storage"],
			summary: "A customer's bins",
			request: { params: customerParams },
			responses: {
				200: { description: "The bins", ...jsonContent(binListSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await listCustomerBins({
					deps: c.var.deps,
					actor: c.var.user,
					customerId: c.req.valid("param").id,
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/customers/{id}/bins",
			tags: ["storage"],
			summary: "Add a bin (Stored, with the next label code)",
			request: {
				params: customerParams,
				body: { ...jsonContent(binInputSchema), required: true },
			},
			responses: {
				201: { description: "The new bin", ...jsonContent(binSchema) },
				409: { description: "The location is gone" },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await addBin({
					deps: c.var.deps,
					actor: c.var.user,
					customerId: c.req.valid("param").id,
					input: c.req.valid("json"),
				}),
				201,
			),
	)
	.openapi(
		createRoute({
			method: "put",
			path: "/bins/{code}",
			tags: ["storage"],
			summary: "Change what a bin holds and where it sits",
			request: { params: codeParams, body: { ...jsonContent(binInputSchema), required: true } },
			responses: {
				200: { description: "The bin", ...jsonContent(binSchema) },
				409: { description: "The location is gone" },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await editBin({
					deps: c.var.deps,
					actor: c.var.user,
					code: c.req.valid("param").code,
					input: c.req.valid("json"),
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/customers/{id}/bin-labels",
			tags: ["storage"],
			summary: "The label sheet of a customer's bins: code, name, street and QR code (SVG)",
			request: { params: customerParams },
			responses: {
				200: { description: "The labels", ...jsonContent(binLabelsSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await getBinLabels({
					deps: c.var.deps,
					actor: c.var.user,
					customerId: c.req.valid("param").id,
				}),
				200,
			),
	);
