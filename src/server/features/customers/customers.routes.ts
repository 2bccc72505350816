import { createRoute, z } from "@hono/zod-openapi";
import { propertySpecsInputSchema, propertySpecsSchema } from "../../../shared/crew.ts";
import {
	CUSTOMER_MESSAGES,
	createCustomerSchema,
	createdCustomerSchema,
	customerDetailSchema,
	customerPageSchema,
	customerSearchSchema,
	dashboardSchema,
	installationMediaSchema,
	MAX_CUSTOMER_IMAGE_BYTES,
	MAX_INSTALLATION_MEDIA,
	myCustomerSchema,
	progressSchema,
	progressUpdateSchema,
	updateCustomerSchema,
} from "../../../shared/customers.ts";
import { MAX_QUOTE_PHOTOS } from "../../../shared/estimate.ts";
import type { OwnerEnv } from "../../app-env.ts";
import { idempotent } from "../../lib/idempotency.ts";
import { multipartForm, uploadLimit } from "../../lib/multipart.ts";
import { customerTag, OWNER_TAG } from "../../lib/read-cache.ts";
import { cachedJson, createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { signedIn } from "../auth/auth.middleware.ts";
import { MAX_FILE_BYTES } from "../files/files.service.ts";
import { listRecentQuotes } from "../quotes/quote-list.service.ts";
import { getDashboardStats, listCustomerCards } from "./customer-cards.service.ts";
import {
	addInstallationMedia,
	removeCustomerImage,
	removeInstallationMedia,
	setCustomerImage,
} from "./customer-media.service.ts";
import { getMyCustomer } from "./customers.service.ts";
import {
	createCustomer,
	getCustomerDetail,
	listInstallationMedia,
	updateCustomer,
	updateProgress,
} from "./owner-customers.service.ts";
import { getPropertySpecs, savePropertySpecs } from "./property-specs.service.ts";
import { createCustomerFromWebsiteQuote } from "./website-customer.service.ts";

/** A signed-in customer's own record and contract. */
export const customerRoutes = createRouter()
	.openapi(
		createRoute({
			method: "get",
			path: "/customer",
			tags: ["customers"],
			summary: "My customer record (service type and progress), or null",
			middleware: signedIn(),
			responses: {
				200: {
					description: "My record",
					...jsonContent(z.object({ customer: myCustomerSchema.nullable() })),
				},
				...errorResponses,
			},
		}),
		async (c) => {
			const actor = c.var.user;
			return cachedJson(c, `customer:${actor.id}`, [customerTag(actor.id)], async () => ({
				customer: await getMyCustomer({ db: c.var.deps.db, actor }),
			}));
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/installation-media",
			tags: ["customers"],
			summary: "Photos of my finished display, uploaded by the business",
			middleware: signedIn(),
			responses: {
				200: { description: "My installation photos", ...jsonContent(installationMediaSchema) },
				...errorResponses,
			},
		}),
		async (c) => {
			const actor = c.var.user;
			return cachedJson(c, `installation-media:${actor.id}`, [customerTag(actor.id)], async () => ({
				media: await listInstallationMedia({ db: c.var.deps.db, actor }),
			}));
		},
	);

const customerParams = z.object({ id: z.uuid(CUSTOMER_MESSAGES.notFound) });
const message = jsonContent(z.object({ message: z.string() }));
const uploadResponses = {
	413: { description: "A file or the whole upload is too large" },
	415: { description: "Not multipart/form-data" },
};
const imageForm = z.object({
	image: z
		.instanceof(File, { message: CUSTOMER_MESSAGES.notAnImage })
		.openapi({ type: "string", format: "binary" }),
});
const mediaForm = z.object({
	media: z
		.preprocess(
			(v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
			z
				.array(z.instanceof(File, { message: CUSTOMER_MESSAGES.notAnImage }))
				.min(1, CUSTOMER_MESSAGES.notAnImage)
				.max(
					MAX_INSTALLATION_MEDIA,
					`You can upload at most ${MAX_INSTALLATION_MEDIA} photos at a time`,
				),
		)
		.openapi({ type: "array", items: { type: "string", format: "binary" } }),
});

/** The owner's dashboard, customer list and new customers, under /api/owner. */
export const ownerRoutes = createRouter<OwnerEnv>()
	.openapi(
		createRoute({
			method: "get",
			path: "/customers/{id}/specs",
			tags: ["customers"],
			summary:
				"A house's specs (roofline, trees, outlets, timer, gate code, ladder, pets) and crew notes",
			request: { params: customerParams },
			responses: {
				200: { description: "Specs", ...jsonContent(propertySpecsSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await getPropertySpecs({
					deps: c.var.deps,
					actor: c.var.user,
					customerId: c.req.valid("param").id,
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "put",
			path: "/customers/{id}/specs",
			tags: ["customers"],
			summary: "Save a house's specs; they carry over from year to year",
			request: {
				params: customerParams,
				body: { ...jsonContent(propertySpecsInputSchema), required: true },
			},
			responses: {
				200: { description: "Saved", ...jsonContent(propertySpecsSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await savePropertySpecs({
					deps: c.var.deps,
					actor: c.var.user,
					customerId: c.req.valid("param").id,
					specs: c.req.valid("json"),
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/dashboard",
			tags: ["customers"],
			summary: "Stat tiles, the three newest quote requests and the first customer cards",
			responses: {
				200: { description: "Dashboard", ...jsonContent(dashboardSchema) },
				...errorResponses,
			},
		}),
		async (c) => {
			const { db } = c.var.deps;
			const actor = c.var.user;
			return cachedJson(c, "owner-dashboard", [OWNER_TAG], async () => {
				const [stats, recentQuotes, page] = await Promise.all([
					getDashboardStats({ db, actor }),
					listRecentQuotes({ db, actor, limit: 3 }),
					listCustomerCards({ db, actor }),
				]);
				return { stats, recentQuotes, ...page };
			});
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/customers",
			tags: ["customers"],
			summary:
				"Customer cards, newest first, a page at a time; `q` searches name, e-mail, number, phone and street",
			request: { query: customerSearchSchema },
			responses: {
				200: { description: "A page of customers", ...jsonContent(customerPageSchema) },
				...errorResponses,
			},
		}),
		async (c) => {
			const { cursor, limit, q } = c.req.valid("query");
			const actor = c.var.user;
			// Every change to a customer, bill, quote or request drops the owner's answers.
			return cachedJson(
				c,
				`owner-customers:${limit ?? ""}:${cursor ?? ""}:${q ?? ""}`,
				[OWNER_TAG],
				() => listCustomerCards({ db: c.var.deps.db, actor, cursor, limit, q }),
			);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/customers",
			tags: ["customers"],
			summary:
				"Add a customer: login, profile, record, approved quote at the owner's prices, its bill, photos and a welcome e-mail, in one transaction",
			middleware: [
				uploadLimit({
					maxFiles: MAX_QUOTE_PHOTOS,
					maxFileBytes: MAX_FILE_BYTES,
					message: `The upload is too large. Send at most ${MAX_QUOTE_PHOTOS} photos of up to 10 MB each.`,
				}),
				idempotent,
			] as const,
			request: {
				body: {
					content: {
						"multipart/form-data": {
							schema: multipartForm({
								data: createCustomerSchema,
								description:
									"JSON of the form: name, email, password, phone, address, city, state, zipCode, services (serviceId, quantity, unitPriceCents), notes",
								files: "photos",
								maxFiles: MAX_QUOTE_PHOTOS,
								tooMany: `You can upload at most ${MAX_QUOTE_PHOTOS} photos`,
								notAFile: "Photos must be image files",
								filesDescription: `Up to ${MAX_QUOTE_PHOTOS} property photos, 10 MB each`,
							}),
						},
					},
					required: true,
				},
			},
			responses: {
				201: { description: "Customer created", ...jsonContent(createdCustomerSchema) },
				409: { description: "The e-mail is already in use" },
				...uploadResponses,
				...errorResponses,
			},
		}),
		async (c) => {
			const { data, photos } = c.req.valid("form");
			const created = await createCustomer({
				deps: c.var.deps,
				actor: c.var.user,
				input: data,
				photos,
			});
			return c.json(created, 201);
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/customers/{id}",
			tags: ["customers"],
			summary:
				"A customer's page: record, bills, quotes with photos, service requests, installation photos",
			request: { params: customerParams },
			responses: {
				200: { description: "The customer", ...jsonContent(customerDetailSchema) },
				...errorResponses,
			},
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			const actor = c.var.user;
			return cachedJson(c, `owner-customer:${id}`, [OWNER_TAG], () =>
				getCustomerDetail({ db: c.var.deps.db, actor, id }),
			);
		},
	)
	.openapi(
		createRoute({
			method: "patch",
			path: "/customers/{id}",
			tags: ["customers"],
			summary: "Edit a customer's contact details, status, service type or notes",
			request: {
				params: customerParams,
				body: { content: { "application/json": { schema: updateCustomerSchema } }, required: true },
			},
			responses: {
				200: { description: "Updated", ...message },
				409: { description: "The e-mail is another account's" },
				...errorResponses,
			},
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			const input = c.req.valid("json");
			return c.json(await updateCustomer({ deps: c.var.deps, actor: c.var.user, id, input }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "patch",
			path: "/customers/{id}/progress",
			tags: ["customers"],
			summary: "Tick or clear project milestones",
			request: {
				params: customerParams,
				body: { content: { "application/json": { schema: progressUpdateSchema } }, required: true },
			},
			responses: {
				200: { description: "The milestones now", ...jsonContent(progressSchema) },
				...errorResponses,
			},
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			const input = c.req.valid("json");
			return c.json(await updateProgress({ deps: c.var.deps, actor: c.var.user, id, input }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "put",
			path: "/customers/{id}/image",
			tags: ["customers"],
			summary: "Upload or replace the customer's picture (JPG, PNG or WebP, up to 5 MB)",
			middleware: [
				uploadLimit({
					maxFiles: 1,
					maxFileBytes: MAX_CUSTOMER_IMAGE_BYTES,
					message: CUSTOMER_MESSAGES.imageTooLarge,
				}),
			] as const,
			request: {
				params: customerParams,
				body: { content: { "multipart/form-data": { schema: imageForm } }, required: true },
			},
			responses: {
				200: {
					description: "Stored",
					...jsonContent(z.object({ imageFileId: z.uuid(), message: z.string() })),
				},
				...uploadResponses,
				...errorResponses,
			},
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			const { image } = c.req.valid("form");
			const deps = c.var.deps;
			return c.json(await setCustomerImage({ deps, actor: c.var.user, id, image }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "delete",
			path: "/customers/{id}/image",
			tags: ["customers"],
			summary: "Remove the customer's picture",
			request: { params: customerParams },
			responses: { 200: { description: "Removed", ...message }, ...errorResponses },
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			return c.json(await removeCustomerImage({ deps: c.var.deps, actor: c.var.user, id }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/customers/{id}/installation-media",
			tags: ["customers"],
			summary: "Upload photos of the finished display; the customer sees them on Home",
			middleware: [
				uploadLimit({
					maxFiles: MAX_INSTALLATION_MEDIA,
					maxFileBytes: MAX_FILE_BYTES,
					message: `The upload is too large. Send at most ${MAX_INSTALLATION_MEDIA} photos of up to 10 MB each.`,
				}),
			] as const,
			request: {
				params: customerParams,
				body: { content: { "multipart/form-data": { schema: mediaForm } }, required: true },
			},
			responses: {
				201: {
					description: "Stored",
					...jsonContent(z.object({ ids: z.array(z.uuid()), message: z.string() })),
				},
				409: { description: "The customer has no login" },
				...uploadResponses,
				...errorResponses,
			},
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			const { media } = c.req.valid("form");
			const deps = c.var.deps;
			return c.json(await addInstallationMedia({ deps, actor: c.var.user, id, media }), 201);
		},
	)
	.openapi(
		createRoute({
			method: "delete",
			path: "/customers/{id}/installation-media/{fileId}",
			tags: ["customers"],
			summary: "Remove one installation photo",
			request: { params: customerParams.extend({ fileId: z.uuid("File not found") }) },
			responses: { 200: { description: "Removed", ...message }, ...errorResponses },
		}),
		async (c) => {
			const { id, fileId } = c.req.valid("param");
			const deps = c.var.deps;
			return c.json(await removeInstallationMedia({ deps, actor: c.var.user, id, fileId }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/quotes/website/{id}/customer-account",
			tags: ["customers"],
			summary:
				"Create the login of an approved website quote's customer and e-mail them a link to set a password",
			request: { params: z.object({ id: z.uuid("Quote not found") }) },
			responses: {
				201: {
					description: "Account created, quote and bill moved to it, invite sent",
					...jsonContent(z.object({ userId: z.string(), message: z.string() })),
				},
				409: { description: "Not approved yet, or an account exists already" },
				...errorResponses,
			},
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			const created = await createCustomerFromWebsiteQuote({
				deps: c.var.deps,
				actor: c.var.user,
				id,
			});
			return c.json(created, 201);
		},
	);
