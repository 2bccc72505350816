import { createRoute, z } from "@hono/zod-openapi";
import { bookingSchema, dateSchema } from "../../../shared/bookings.ts";
import {
	crewDaySchema,
	crewDaysSchema,
	propertyNoteInputSchema,
	propertySpecsSchema,
} from "../../../shared/crew.ts";
import { CUSTOMER_MESSAGES, MAX_INSTALLATION_MEDIA } from "../../../shared/customers.ts";
import type { SignedInEnv } from "../../app-env.ts";
import { uploadLimit } from "../../lib/multipart.ts";
import { createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { listCrewDays } from "../bookings/owner-calendar.service.ts";
import { addPropertyNote } from "../customers/property-specs.service.ts";
import { MAX_FILE_BYTES } from "../files/files.service.ts";
import { getCrewDay, markStopDone } from "./crew.service.ts";

const photosForm = z.object({
	media: z
		.preprocess(
			(v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
			z
				.array(z.instanceof(File, { message: CUSTOMER_MESSAGES.notAnImage }))
				.max(
					MAX_INSTALLATION_MEDIA,
					`You can upload at most ${MAX_INSTALLATION_MEDIA} photos at a time`,
				),
		)
		.openapi({ type: "array", items: { type: "string", format: "binary" } }),
});

/**
 * The crews' day, under /api/crew, mounted behind `requireCrew` (a crew member or an owner). Its
 * answers carry no amounts, no chat and no settings.
 */
export const crewRoutes = createRouter<SignedInEnv>()
	.openapi(
		createRoute({
			method: "get",
			path: "/days",
			tags: ["crew"],
			summary: "The days that send a crew out (from a week ago on), with their stops and done",
			responses: {
				200: { description: "Days", ...jsonContent(crewDaysSchema) },
				...errorResponses,
			},
		}),
		async (c) => c.json(await listCrewDays({ deps: c.var.deps, actor: c.var.user }), 200),
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/days/{day}",
			tags: ["crew"],
			summary:
				"A day's stops: customer, address, phone, services, specs, installation photos, and the day's notes",
			request: { params: z.object({ day: dateSchema }) },
			responses: {
				200: { description: "The day", ...jsonContent(crewDaySchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await getCrewDay({ deps: c.var.deps, actor: c.var.user, day: c.req.valid("param").day }),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/bookings/{id}/done",
			tags: ["crew"],
			summary:
				"Installed / Taken Down: the booking is done, the milestone set, the customer told; photos (optional) join the installation media",
			middleware: [
				uploadLimit({
					maxFiles: MAX_INSTALLATION_MEDIA,
					maxFileBytes: MAX_FILE_BYTES,
					message: `The upload is too large. Send at most ${MAX_INSTALLATION_MEDIA} photos of up to 10 MB each.`,
				}),
			] as const,
			request: {
				params: z.object({ id: z.uuid("Booking not found") }),
				body: { content: { "multipart/form-data": { schema: photosForm } }, required: true },
			},
			responses: {
				200: { description: "Done", ...jsonContent(bookingSchema) },
				409: { description: "Not a booked day" },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await markStopDone({
					deps: c.var.deps,
					actor: c.var.user,
					bookingId: c.req.valid("param").id,
					photos: c.req.valid("form").media,
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/customers/{id}/notes",
			tags: ["crew"],
			summary: "Leave a note on a house; it stays with its specs",
			request: {
				params: z.object({ id: z.uuid(CUSTOMER_MESSAGES.notFound) }),
				body: { ...jsonContent(propertyNoteInputSchema), required: true },
			},
			responses: {
				201: { description: "The house's specs and notes", ...jsonContent(propertySpecsSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await addPropertyNote({
					deps: c.var.deps,
					actor: c.var.user,
					customerId: c.req.valid("param").id,
					body: c.req.valid("json").body,
				}),
				201,
			),
	);
