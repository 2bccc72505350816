import { createRoute, z } from "@hono/zod-openapi";
import {
	bookingSchema,
	dateSchema,
	dayChangeSchema,
	dayMoveConfirmSchema,
	dayMoveInputSchema,
	dayMovePreviewSchema,
	moveBookingSchema,
	myBookingsSchema,
	newBookingSchema,
	ownerBookingSchema,
	ownerCalendarSchema,
	ownerDaySchema,
	ownerNewBookingSchema,
	seasonIdSchema,
	windowDaysSchema,
	windowInputSchema,
	windowSchema,
} from "../../../shared/bookings.ts";
import { seasonRulesInputSchema, seasonRulesSchema } from "../../../shared/renewals.ts";
import type { OwnerEnv } from "../../app-env.ts";
import { createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { signedIn } from "../auth/auth.middleware.ts";
import {
	bookDay,
	bookingCalendarFile,
	cancelBooking,
	getBooking,
	getMyBookings,
	getWindowDays,
	markDone,
	moveBooking,
} from "./bookings.service.ts";
import { confirmDayMove, previewDayMove } from "./day-move.service.ts";
import {
	changeDay,
	deleteSeasonWindow,
	getOwnerCalendar,
	getOwnerDay,
	getSeasonSettings,
	listSeasonWindows,
	saveSeasonSettings,
	saveSeasonWindow,
} from "./owner-calendar.service.ts";

const idParams = z.object({ id: z.uuid("Booking not found") });
const windowParams = z.object({ id: z.uuid("Window not found") });
const dayParams = z.object({ day: dateSchema });
const conflictAnswer = {
	409: {
		description:
			"The day is full or closed (code day_full / day_closed, with the next open days in `alternatives`), a booking of that kind is already active (already_booked), or the change lock has begun (locked)",
	},
};
const oneBooking = (description: string) => ({
	200: { description, ...jsonContent(bookingSchema) },
	...conflictAnswer,
	...errorResponses,
});

/** The signed-in customer's own bookings. */
export const customerRoutes = createRouter()
	.openapi(
		createRoute({
			method: "get",
			path: "/bookings",
			tags: ["bookings"],
			summary:
				"My booking page: the windows I may book, my bookings, the deposit share and the change lock",
			middleware: signedIn(),
			responses: {
				200: { description: "My bookings", ...jsonContent(myBookingsSchema) },
				...errorResponses,
			},
		}),
		async (c) => c.json(await getMyBookings({ deps: c.var.deps, actor: c.var.user }), 200),
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/booking-windows/{id}/days",
			tags: ["bookings"],
			summary: "A window's days as Open, Few left, Full or Closed (never counts)",
			middleware: signedIn(),
			request: { params: windowParams },
			responses: {
				200: { description: "The days", ...jsonContent(windowDaysSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await getWindowDays({
					deps: c.var.deps,
					actor: c.var.user,
					windowId: c.req.valid("param").id,
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/bookings",
			tags: ["bookings"],
			summary:
				"Book a day of a window. An install is held for 35 minutes with a deposit bill (paid with Pay on that bill), or booked at once when no deposit is due; amounts come from the server",
			middleware: signedIn(),
			request: { body: { ...jsonContent(newBookingSchema), required: true } },
			responses: {
				201: { description: "Held or booked", ...jsonContent(bookingSchema) },
				...conflictAnswer,
				...errorResponses,
			},
		}),
		async (c) => {
			const body = c.req.valid("json");
			return c.json(await bookDay({ deps: c.var.deps, actor: c.var.user, ...body }), 201);
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/bookings/{id}",
			tags: ["bookings"],
			summary: "One of my bookings",
			middleware: signedIn(),
			request: { params: idParams },
			responses: oneBooking("The booking"),
		}),
		async (c) =>
			c.json(
				await getBooking({ deps: c.var.deps, actor: c.var.user, id: c.req.valid("param").id }),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/bookings/{id}/calendar.ics",
			tags: ["bookings"],
			summary:
				"Add to Calendar: my booked day as an iCalendar invitation (the same event UID as the e-mails)",
			middleware: signedIn(),
			request: { params: idParams },
			responses: {
				200: {
					description: "The invitation",
					content: { "text/calendar": { schema: z.string() } },
				},
				409: { description: "No day is booked yet" },
				...errorResponses,
			},
		}),
		async (c) => {
			const ics = await bookingCalendarFile({
				deps: c.var.deps,
				actor: c.var.user,
				id: c.req.valid("param").id,
			});
			return c.body(ics, 200, {
				"content-type": "text/calendar; charset=utf-8",
				"content-disposition": 'attachment; filename="booking.ics"',
			});
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/bookings/{id}/move",
			tags: ["bookings"],
			summary: "Move my booking to another day (not inside the change lock)",
			middleware: signedIn(),
			request: { params: idParams, body: { ...jsonContent(moveBookingSchema), required: true } },
			responses: oneBooking("Moved"),
		}),
		async (c) => {
			const body = c.req.valid("json");
			return c.json(
				await moveBooking({
					deps: c.var.deps,
					actor: c.var.user,
					id: c.req.valid("param").id,
					...body,
				}),
				200,
			);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/bookings/{id}/cancel",
			tags: ["bookings"],
			summary: "Cancel my booking (not inside the change lock); money paid stays paid",
			middleware: signedIn(),
			request: { params: idParams },
			responses: oneBooking("Cancelled"),
		}),
		async (c) =>
			c.json(
				await cancelBooking({ deps: c.var.deps, actor: c.var.user, id: c.req.valid("param").id }),
				200,
			),
	);

/** The owner's calendar, under /api/owner. */
export const ownerRoutes = createRouter<OwnerEnv>()
	.openapi(
		createRoute({
			method: "get",
			path: "/schedule",
			tags: ["bookings"],
			summary: "A season's windows, each day with booked and capacity, closed days marked",
			request: {
				query: z.object({
					season: seasonIdSchema.optional(),
				}),
			},
			responses: {
				200: { description: "The calendar", ...jsonContent(ownerCalendarSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await getOwnerCalendar({
					deps: c.var.deps,
					actor: c.var.user,
					seasonId: c.req.valid("query").season,
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/schedule/days/{day}",
			tags: ["bookings"],
			summary: "A day's bookings: customer, address, services, status",
			request: { params: dayParams },
			responses: {
				200: {
					description: "The day",
					...jsonContent(
						z.object({
							day: ownerDaySchema,
							bookings: z.array(ownerBookingSchema),
							notes: z.string().nullable(),
						}),
					),
				},
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await getOwnerDay({ deps: c.var.deps, actor: c.var.user, day: c.req.valid("param").day }),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "patch",
			path: "/schedule/days/{day}",
			tags: ["bookings"],
			summary:
				"Set a day's crew capacity (never below what is booked), close / reopen it, or write its notes for the crews",
			request: { params: dayParams, body: { ...jsonContent(dayChangeSchema), required: true } },
			responses: {
				200: { description: "The day", ...jsonContent(ownerDaySchema) },
				409: { description: "Capacity below the houses already booked" },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await changeDay({
					deps: c.var.deps,
					actor: c.var.user,
					day: c.req.valid("param").day,
					change: c.req.valid("json"),
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/schedule/days/{day}/move-preview",
			tags: ["bookings"],
			summary:
				"Move This Day, previewed: where each booked house goes (the next open days of its kind, or the day picked); changes nothing",
			request: {
				params: dayParams,
				body: { ...jsonContent(dayMoveInputSchema), required: true },
			},
			responses: {
				200: { description: "The plan", ...jsonContent(dayMovePreviewSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await previewDayMove({
					deps: c.var.deps,
					actor: c.var.user,
					day: c.req.valid("param").day,
					toDay: c.req.valid("json").toDay,
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/schedule/days/{day}/move",
			tags: ["bookings"],
			summary:
				"Confirm Move: every previewed booking moves in one transaction (customers e-mailed with the updated invitation), or none",
			request: {
				params: dayParams,
				body: { ...jsonContent(dayMoveConfirmSchema), required: true },
			},
			responses: {
				200: { description: "Moved", ...jsonContent(dayMovePreviewSchema) },
				409: { description: "Places missing, or the day changed since the preview" },
				...errorResponses,
			},
		}),
		async (c) => {
			const { toDay, bookingIds } = c.req.valid("json");
			return c.json(
				await confirmDayMove({
					deps: c.var.deps,
					actor: c.var.user,
					day: c.req.valid("param").day,
					toDay,
					bookingIds,
				}),
				200,
			);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/bookings",
			tags: ["bookings"],
			summary: "Book a day for a customer (a phone booking): booked at once, on any day with room",
			request: { body: { ...jsonContent(ownerNewBookingSchema), required: true } },
			responses: {
				201: { description: "Booked", ...jsonContent(bookingSchema) },
				...conflictAnswer,
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(await bookDay({ deps: c.var.deps, actor: c.var.user, ...c.req.valid("json") }), 201),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/bookings/{id}/move",
			tags: ["bookings"],
			summary: "Move a customer's booking to any day with room",
			request: { params: idParams, body: { ...jsonContent(moveBookingSchema), required: true } },
			responses: oneBooking("Moved"),
		}),
		async (c) =>
			c.json(
				await moveBooking({
					deps: c.var.deps,
					actor: c.var.user,
					id: c.req.valid("param").id,
					...c.req.valid("json"),
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/bookings/{id}/cancel",
			tags: ["bookings"],
			summary: "Cancel a customer's booking; money paid stays paid (refunds are their own action)",
			request: { params: idParams },
			responses: oneBooking("Cancelled"),
		}),
		async (c) =>
			c.json(
				await cancelBooking({ deps: c.var.deps, actor: c.var.user, id: c.req.valid("param").id }),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/bookings/{id}/done",
			tags: ["bookings"],
			summary: "Mark a booked day done (an install done opens the takedown booking)",
			request: { params: idParams },
			responses: oneBooking("Done"),
		}),
		async (c) =>
			c.json(
				await markDone({ deps: c.var.deps, actor: c.var.user, id: c.req.valid("param").id }),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/season/settings",
			tags: ["bookings"],
			summary:
				"Crew capacity per weekday, Deposit to book (%), Changes locked (days before) and the renewal offers' discount and dates",
			responses: {
				200: { description: "The rules", ...jsonContent(seasonRulesSchema) },
				...errorResponses,
			},
		}),
		async (c) => c.json(await getSeasonSettings({ deps: c.var.deps, actor: c.var.user }), 200),
	)
	.openapi(
		createRoute({
			method: "put",
			path: "/season/settings",
			tags: ["bookings"],
			summary: "Save the calendar's rules (each part optional)",
			request: { body: { ...jsonContent(seasonRulesInputSchema), required: true } },
			responses: {
				200: { description: "Saved", ...jsonContent(seasonRulesSchema) },
				409: { description: "A weekday's capacity below what is booked on one of its days" },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await saveSeasonSettings({
					deps: c.var.deps,
					actor: c.var.user,
					input: c.req.valid("json"),
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/season/windows",
			tags: ["bookings"],
			summary: "The windows of the current and the next season",
			responses: {
				200: {
					description: "The seasons (current first) and their windows",
					...jsonContent(
						z.object({ seasons: z.array(z.string()), windows: z.array(windowSchema) }),
					),
				},
				...errorResponses,
			},
		}),
		async (c) => c.json(await listSeasonWindows({ deps: c.var.deps, actor: c.var.user }), 200),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/season/windows",
			tags: ["bookings"],
			summary: "Add a window to a season",
			request: {
				query: z.object({
					season: seasonIdSchema,
				}),
				body: { ...jsonContent(windowInputSchema), required: true },
			},
			responses: {
				...errorResponses,
				201: { description: "Added", ...jsonContent(windowSchema) },
				400: {
					description:
						"Invalid input, days outside the season, or days shared with another window of the kind (`issues` names the field)",
				},
			},
		}),
		async (c) =>
			c.json(
				await saveSeasonWindow({
					deps: c.var.deps,
					actor: c.var.user,
					seasonId: c.req.valid("query").season,
					input: c.req.valid("json"),
				}),
				201,
			),
	)
	.openapi(
		createRoute({
			method: "put",
			path: "/season/windows/{id}",
			tags: ["bookings"],
			summary: "Change a window: name, kind, days, price adjustment, who may book",
			request: {
				params: windowParams,
				body: { ...jsonContent(windowInputSchema), required: true },
			},
			responses: {
				...errorResponses,
				200: { description: "Saved", ...jsonContent(windowSchema) },
				400: { description: "As adding one" },
				409: {
					description:
						"The window has bookings: its kind cannot change, nor its days leave one outside (`issues` names the field)",
				},
			},
		}),
		async (c) =>
			c.json(
				await saveSeasonWindow({
					deps: c.var.deps,
					actor: c.var.user,
					id: c.req.valid("param").id,
					input: c.req.valid("json"),
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "delete",
			path: "/season/windows/{id}",
			tags: ["bookings"],
			summary: "Remove a window without bookings",
			request: { params: windowParams },
			responses: {
				200: { description: "Removed", ...jsonContent(z.object({ id: z.uuid() })) },
				409: { description: "The window has bookings" },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await deleteSeasonWindow({
					deps: c.var.deps,
					actor: c.var.user,
					id: c.req.valid("param").id,
				}),
				200,
			),
	);
