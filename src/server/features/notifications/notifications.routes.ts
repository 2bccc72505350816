import { createRoute, z } from "@hono/zod-openapi";
import {
	CATEGORY_LABELS,
	chatPresenceSchema,
	notificationPrefsPatchSchema,
	notificationPrefsSchema,
	pushEndpointSchema,
	pushSubscriptionSchema,
} from "../../../shared/notifications.ts";
import { createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { signedIn } from "../auth/auth.middleware.ts";
import { getCachedBusinessProfile } from "../settings/settings.service.ts";
import {
	deletePushSubscription,
	getNotificationPrefs,
	readUnsubscribeToken,
	savePushSubscription,
	setChatPresence,
	setNotificationPrefs,
	unsubscribeByToken,
} from "./notify.service.ts";

const done = z.object({ ok: z.literal(true) });
const tokenQuery = z.object({ token: z.string().max(500).optional() });
const html = { content: { "text/html": { schema: z.string() } } };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page of its own: the link is opened from a mail client, often without the app. */
function page(title: string, body: string) {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:28rem;margin:3rem auto;padding:0 1rem;line-height:1.5">
<h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>
${body}
</body></html>`;
}

/** The signed-in person's devices, switches, and the conversation they are reading. */
export const customerRoutes = createRouter()
	.openapi(
		createRoute({
			method: "get",
			path: "/notifications/push-key",
			tags: ["notifications"],
			summary: "The public key a browser subscribes to our pushes with (applicationServerKey)",
			middleware: signedIn(),
			responses: {
				200: { description: "The key", ...jsonContent(z.object({ publicKey: z.string() })) },
				...errorResponses,
			},
		}),
		async (c) => c.json({ publicKey: await c.var.deps.pusher.publicKey() }, 200),
	)
	.openapi(
		createRoute({
			method: "put",
			path: "/notifications/subscriptions",
			tags: ["notifications"],
			summary:
				"This device receives my pushes (PushSubscription.toJSON()); the same endpoint again updates it",
			middleware: signedIn(),
			request: { body: { ...jsonContent(pushSubscriptionSchema), required: true } },
			responses: { 200: { description: "Saved", ...jsonContent(done) }, ...errorResponses },
		}),
		async (c) => {
			await savePushSubscription({
				deps: c.var.deps,
				actor: c.var.user,
				subscription: c.req.valid("json"),
				userAgent: c.req.header("user-agent"),
			});
			return c.json({ ok: true as const }, 200);
		},
	)
	.openapi(
		createRoute({
			method: "delete",
			path: "/notifications/subscriptions",
			tags: ["notifications"],
			summary: "This device no longer receives my pushes (turned off here, or signing out)",
			middleware: signedIn(),
			request: { body: { ...jsonContent(pushEndpointSchema), required: true } },
			responses: { 200: { description: "Removed", ...jsonContent(done) }, ...errorResponses },
		}),
		async (c) => {
			await deletePushSubscription({
				db: c.var.deps.db,
				actor: c.var.user,
				endpoint: c.req.valid("json").endpoint,
			});
			return c.json({ ok: true as const }, 200);
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/notifications/preferences",
			tags: ["notifications"],
			summary: "My push and e-mail switches per category (all on until switched off)",
			middleware: signedIn(),
			responses: {
				200: { description: "My switches", ...jsonContent(notificationPrefsSchema) },
				...errorResponses,
			},
		}),
		async (c) => c.json(await getNotificationPrefs({ deps: c.var.deps, actor: c.var.user }), 200),
	)
	.openapi(
		createRoute({
			method: "patch",
			path: "/notifications/preferences",
			tags: ["notifications"],
			summary: "Switch a category's push or e-mail on or off (each one optional)",
			middleware: signedIn(),
			request: { body: { ...jsonContent(notificationPrefsPatchSchema), required: true } },
			responses: {
				200: { description: "Saved", ...jsonContent(notificationPrefsSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await setNotificationPrefs({
					deps: c.var.deps,
					actor: c.var.user,
					patch: c.req.valid("json"),
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "put",
			path: "/chat/presence",
			tags: ["chat"],
			summary:
				"This device shows a conversation now (a heartbeat every 30 s), or left it: replies to it are not pushed meanwhile",
			middleware: signedIn(),
			request: { body: { ...jsonContent(chatPresenceSchema), required: true } },
			responses: { 200: { description: "Noted", ...jsonContent(done) }, ...errorResponses },
		}),
		async (c) => {
			await setChatPresence({
				db: c.var.deps.db,
				actor: c.var.user,
				presence: c.req.valid("json"),
			});
			return c.json({ ok: true as const }, 200);
		},
	);

/**
 * The one-click unsubscribe of every e-mail that is not transactional (RFC 8058): a mail client
 * POSTs to the List-Unsubscribe address with no session; a person opening the link gets a page
 * asking them to confirm (nothing changes on GET, which link scanners fetch).
 */
export const publicRoutes = createRouter()
	.openapi(
		createRoute({
			method: "get",
			path: "/unsubscribe",
			tags: ["notifications"],
			summary: "The unsubscribe page of an e-mail's link: asks to confirm, changes nothing",
			request: { query: tokenQuery },
			responses: {
				200: { description: "The page", ...html },
				400: { description: "Bad link", ...html },
			},
		}),
		async (c) => {
			const token = c.req.valid("query").token;
			const read = readUnsubscribeToken(c.var.deps, token);
			if (!read)
				return c.html(
					page(
						"This link is not valid",
						"<p>Open the link from the e-mail again, or change your notifications in the app's Profile.</p>",
					),
					400,
				);
			const business = await getCachedBusinessProfile(c.var.deps);
			const what = CATEGORY_LABELS[read.category].title.toLowerCase();
			return c.html(
				page(
					`Unsubscribe from ${what} e-mails`,
					`<p>${escapeHtml(business.businessName)} will stop e-mailing you about ${escapeHtml(what)} (${escapeHtml(CATEGORY_LABELS[read.category].hint.toLowerCase())}). Receipts, password resets and your signed contract still come.</p>
<form method="post" action="/api/unsubscribe?token=${escapeHtml(token ?? "")}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="background:#b91c1c;color:#fff;border:0;border-radius:8px;padding:10px 18px;font-size:1rem">Unsubscribe</button>
</form>`,
				),
				200,
			);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/unsubscribe",
			tags: ["notifications"],
			summary:
				"One-click unsubscribe (List-Unsubscribe-Post): turns off that category's e-mail for that account, no session needed",
			request: { query: tokenQuery },
			responses: {
				200: { description: "Done", ...html },
				400: { description: "Bad link", ...html },
			},
		}),
		async (c) => {
			const read = readUnsubscribeToken(c.var.deps, c.req.valid("query").token);
			if (!read) return c.html(page("This link is not valid", "<p>Nothing was changed.</p>"), 400);
			await unsubscribeByToken(c.var.deps, c.req.valid("query").token);
			const what = CATEGORY_LABELS[read.category].title.toLowerCase();
			return c.html(
				page(
					"You are unsubscribed",
					`<p>No more ${escapeHtml(what)} e-mails. You can turn them on again in the app, under Profile → Notifications.</p>`,
				),
				200,
			);
		},
	);
