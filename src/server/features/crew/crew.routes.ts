import { createRoute, z } from "@hono/zod-openapi";
import { bookingSchema, dateSchema } from "../../../shared/bookings.ts";
import {
	arrivalSendResultSchema,
	arrivalWindowsInputSchema,
	crewDaySchema,
	crewDaysSchema,
	propertyNoteInputSchema,
	propertySpecsSchema,
	routeOrderInputSchema,
} from "../../../shared/crew.ts";
import { CUSTOMER_MESSAGES, MAX_INSTALLATION_MEDIA } from "../../../shared/customers.ts";
import type { OwnerEnv, SignedInEnv } from "../../app-env.ts";
import { uploadLimit } from "../../lib/multipart.ts";
import { createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { listCrewDays } from "../bookings/owner-calendar.service.ts";
import { addPropertyNote } from "../customers/property-specs.service.ts";
import { MAX_FILE_BYTES } from "../files/files.service.ts";
import { getCrewDay, markStopDone } from "./crew.service.ts";
import {
	optimizeRoute,
	sendArrivalWindows,
	setArrivalWindows,
	setRouteOrder,
} from "./day-route.service.ts";

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

const dayParams = z.object({ day: dateSchema });
const theDay = { description: "The day's stops in route order", ...jsonContent(crewDaySchema) };

/** The owner orders a day's route and sets its arrival windows, under /api/owner. */
export const ownerRoutes = createRouter<OwnerEnv>()
	.openapi(
		createRoute({
			method: "post",
			path: "/schedule/days/{day}/route/optimize",
			tags: ["crew"],
			summary:
				"Optimize Route: the day's stops in the order that drives the least from the business and back (ZIP centroids), kept",
			request: { params: dayParams },
			responses: { 200: theDay, ...errorResponses },
		}),
		async (c) => {
			const { deps, user } = c.var;
			const { day } = c.req.valid("param");
			await optimizeRoute({ deps, actor: user, day });
			return c.json(await getCrewDay({ deps, actor: user, day }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "put",
			path: "/schedule/days/{day}/route",
			tags: ["crew"],
			summary: "Keep the owner's order of a day's stops (every stop of the day, each once)",
			request: {
				params: dayParams,
				body: { ...jsonContent(routeOrderInputSchema), required: true },
			},
			responses: {
				200: theDay,
				409: { description: "A booking not on the day, or the day's stops changed" },
				...errorResponses,
			},
		}),
		async (c) => {
			const { deps, user } = c.var;
			const { day } = c.req.valid("param");
			await setRouteOrder({ deps, actor: user, day, bookingIds: c.req.valid("json").bookingIds });
			return c.json(await getCrewDay({ deps, actor: user, day }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "put",
			path: "/schedule/days/{day}/arrival-windows",
			tags: ["crew"],
			summary:
				"Save the arrival windows of a day's stops (start before end, within the day); nobody is told until they are sent",
			request: {
				params: dayParams,
				body: { ...jsonContent(arrivalWindowsInputSchema), required: true },
			},
			responses: {
				200: theDay,
				409: { description: "A booking not on the day's route" },
				...errorResponses,
			},
		}),
		async (c) => {
			const { deps, user } = c.var;
			const { day } = c.req.valid("param");
			await setArrivalWindows({ deps, actor: user, day, windows: c.req.valid("json").windows });
			return c.json(await getCrewDay({ deps, actor: user, day }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/schedule/days/{day}/arrival-windows/send",
			tags: ["crew"],
			summary:
				"Send Arrival Windows: each customer of the day told their window once (e-mail and push); again only those whose window changed",
			request: { params: dayParams },
			responses: {
				200: { description: "How many were told", ...jsonContent(arrivalSendResultSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await sendArrivalWindows({
					deps: c.var.deps,
					actor: c.var.user,
					day: c.req.valid("param").day,
				}),
				200,
			),
	);
