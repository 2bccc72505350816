import { createRoute, z } from "@hono/zod-openapi";
import { MAX_REQUEST_PHOTOS, REQUEST_MESSAGES } from "../../../shared/requests.ts";
import {
	myRequestsSchema,
	newRequestSchema,
	ownerNewRequestSchema,
	ownerRequestPageSchema,
	REQUEST_ACTIONS,
	requestChangeSchema,
} from "../../../shared/service-requests.ts";
import type { OwnerEnv } from "../../app-env.ts";
import { idempotent } from "../../lib/idempotency.ts";
import { multipartForm, uploadLimit } from "../../lib/multipart.ts";
import { pageQuerySchema } from "../../lib/paging.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { customerTag, OWNER_TAG } from "../../lib/read-cache.ts";
import { cachedJson, createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { approvedQuoteOnly, assertEmailConfirmed, signedIn } from "../auth/auth.middleware.ts";
import { MAX_FILE_BYTES } from "../files/files.service.ts";
import { uploadQuota } from "../files/upload-quota.service.ts";
import { listMyRequests, listOpenRequests } from "./request-list.service.ts";
import {
	addRequestForCustomer,
	cancelMyRequest,
	changeRequestStatus,
	submitServiceRequest,
} from "./requests.service.ts";

const requestUploadLimit = uploadLimit({
	maxFiles: MAX_REQUEST_PHOTOS,
	maxFileBytes: MAX_FILE_BYTES,
	message: `The upload is too large. Send at most ${MAX_REQUEST_PHOTOS} photos of up to 10 MB each.`,
});

const requestParams = z.object({ id: z.uuid(REQUEST_MESSAGES.notFound) });
const changed = {
	200: { description: "Status changed", ...jsonContent(requestChangeSchema) },
	409: { description: "The change makes no sense from the request's status; nothing changed" },
	...errorResponses,
};
const created = {
	201: {
		description: "Request received; the business is e-mailed",
		...jsonContent(z.object({ id: z.uuid(), feeBillId: z.uuid().nullable() })),
	},
};

/** A signed-in customer's own requests. */
export const customerRoutes = createRouter()
	.openapi(
		createRoute({
			method: "post",
			path: "/service-requests",
			tags: ["requests"],
			summary:
				"Send a service request (Fix, ChangeColor, MoreLights) with up to 6 photos (photos need a confirmed e-mail address); needs an approved quote. A Change Colors request adds the colour fee bill when payment is required",
			middleware: signedIn(
				approvedQuoteOnly,
				rateLimit("serviceRequest"),
				uploadQuota("request_photo", { filesOptional: true }),
				requestUploadLimit,
				idempotent,
			),
			request: {
				body: {
					content: {
						"multipart/form-data": {
							schema: multipartForm({
								data: newRequestSchema,
								description:
									"JSON of the request form: requestType, details, priority, colorScheme, customColors",
								files: "photos",
								maxFiles: MAX_REQUEST_PHOTOS,
								tooMany: REQUEST_MESSAGES.tooManyPhotos,
								notAFile: "Photos must be image files",
								filesDescription: `Up to ${MAX_REQUEST_PHOTOS} images (JPEG, PNG, WebP, GIF or HEIC), 10 MB each`,
							}),
						},
					},
					required: true,
				},
			},
			responses: {
				...created,
				413: { description: "A photo or the whole upload is too large" },
				415: { description: "Not multipart/form-data" },
				...errorResponses,
			},
		}),
		async (c) => {
			const { data, photos } = c.req.valid("form");
			if (photos.length > 0) assertEmailConfirmed(c.var.user);
			const result = await submitServiceRequest({
				deps: c.var.deps,
				actor: c.var.user,
				input: data,
				photos,
			});
			return c.json(result, 201);
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/service-requests",
			tags: ["requests"],
			summary:
				"My service requests, newest first, a page at a time; whether one is active; the colour fee",
			middleware: signedIn(),
			request: { query: pageQuerySchema },
			responses: {
				200: { description: "My requests", ...jsonContent(myRequestsSchema) },
				...errorResponses,
			},
		}),
		async (c) => {
			const { cursor, limit } = c.req.valid("query");
			const actor = c.var.user;
			return cachedJson(
				c,
				`requests:${actor.id}:${limit ?? ""}:${cursor ?? ""}`,
				[customerTag(actor.id)],
				() => listMyRequests({ db: c.var.deps.db, actor, cursor, limit }),
			);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/service-requests/{id}/cancel",
			tags: ["requests"],
			summary: "Cancel my open service request (its unpaid colour fee is removed)",
			middleware: signedIn(),
			request: { params: requestParams },
			responses: changed,
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			return c.json(await cancelMyRequest({ deps: c.var.deps, actor: c.var.user, id }), 200);
		},
	);

/** The owner's service requests, under /api/owner. */
export const ownerRoutes = createRouter<OwnerEnv>()
	.openapi(
		createRoute({
			method: "get",
			path: "/service-requests",
			tags: ["requests"],
			summary: "Open and in-progress service requests, Urgent first then newest, a page at a time",
			request: { query: pageQuerySchema },
			responses: {
				200: { description: "A page of requests", ...jsonContent(ownerRequestPageSchema) },
				...errorResponses,
			},
		}),
		async (c) => {
			const { cursor, limit } = c.req.valid("query");
			return cachedJson(c, `owner-requests:${limit ?? ""}:${cursor ?? ""}`, [OWNER_TAG], () =>
				listOpenRequests({ db: c.var.deps.db, actor: c.var.user, cursor, limit }),
			);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/service-requests/{id}/{action}",
			tags: ["requests"],
			summary:
				"Start (in progress), complete (resolved) or cancel a service request; the customer is e-mailed when it is resolved or cancelled",
			request: { params: requestParams.extend({ action: z.enum(REQUEST_ACTIONS) }) },
			responses: changed,
		}),
		async (c) => {
			const { id, action } = c.req.valid("param");
			return c.json(
				await changeRequestStatus({ deps: c.var.deps, actor: c.var.user, id, action }),
				200,
			);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/customers/{id}/service-requests",
			tags: ["requests"],
			summary:
				"Add a service request for a customer (also Takedown, Installation, Maintenance); the same fee rule applies",
			request: {
				params: z.object({ id: z.uuid("Customer not found") }),
				body: { ...jsonContent(ownerNewRequestSchema), required: true },
			},
			responses: {
				...created,
				409: { description: "The customer has no login yet" },
				...errorResponses,
			},
		}),
		async (c) => {
			const result = await addRequestForCustomer({
				deps: c.var.deps,
				actor: c.var.user,
				customerId: c.req.valid("param").id,
				input: c.req.valid("json"),
			});
			return c.json(result, 201);
		},
	);
