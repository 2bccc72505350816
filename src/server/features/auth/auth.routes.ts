import { createRoute, z } from "@hono/zod-openapi";
import {
	createInviteSchema,
	crewInviteSchema,
	crewListSchema,
	inviteSchema,
	meSchema,
	profileUpdateSchema,
	signUpSchema,
	viewSchema,
} from "../../../shared/auth.ts";
import type { OwnerEnv } from "../../app-env.ts";
import { checkRateLimit } from "../../lib/rate-limit.ts";
import { createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { anyAccount, readSession, signedIn } from "./auth.middleware.ts";
import {
	createOwnerInvite,
	resendConfirmation,
	setView,
	signUpAccount,
	updateMyProfile,
} from "./auth.service.ts";
import {
	inviteCrewMember,
	listCrew,
	removeCrewMember,
	revokeCrewInvite,
} from "./crew-accounts.service.ts";

const SIGN_UP_LIMITED = "Too many new accounts from your network. Please try again in an hour.";
const INVITE_LIMITED = "Too many owner sign-up attempts. Please wait 10 minutes and try again.";

/** Sign-up and who is signed in: open to anyone. */
export const publicRoutes = createRouter()
	.openapi(
		createRoute({
			method: "post",
			path: "/account/sign-up",
			tags: ["auth"],
			summary: "Create an account (customer, or owner when allowed) and sign it in",
			request: { body: { ...jsonContent(signUpSchema), required: true } },
			responses: {
				201: { description: "Signed up", ...jsonContent(z.object({ ok: z.boolean() })) },
				409: { description: "E-mail taken" },
				...errorResponses,
			},
		}),
		async (c) => {
			const input = c.req.valid("json");
			// Accounts made, not forms mistyped, count against the address's allowance.
			await checkRateLimit(c, "signUp", SIGN_UP_LIMITED);
			// Few invite codes may be tried per address, whatever the codes and e-mails.
			if (input.role === "owner" && input.inviteCode?.trim())
				await checkRateLimit(c, "ownerInvite", INVITE_LIMITED);
			const { headers } = await signUpAccount({
				deps: c.var.deps,
				input,
				headers: c.req.raw.headers,
			});
			for (const cookie of headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
			return c.json({ ok: true }, 201);
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/me",
			tags: ["auth"],
			summary: "The signed-in user and profile, or null",
			responses: { 200: { description: "Session", ...jsonContent(meSchema) } },
		}),
		async (c) => {
			const at = Date.now();
			const user = await readSession(c);
			return c.json(user ? { user, at } : { user }, 200);
		},
	);

/** A signed-in account's own settings. */
export const customerRoutes = createRouter()
	.openapi(
		createRoute({
			method: "post",
			path: "/me/confirmation-email",
			tags: ["auth"],
			summary: "E-mail me a new link that confirms my address (a few an hour)",
			middleware: signedIn(),
			responses: {
				200: { description: "Sent", ...jsonContent(z.object({ message: z.string() })) },
				409: { description: "The address is already confirmed" },
				...errorResponses,
			},
		}),
		async (c) => c.json(await resendConfirmation({ deps: c.var.deps, actor: c.var.user }), 200),
	)
	.openapi(
		createRoute({
			method: "put",
			path: "/me/view",
			tags: ["auth"],
			summary: "Switch an owner account between the owner and customer areas",
			middleware: signedIn(),
			request: { body: { ...jsonContent(viewSchema), required: true } },
			responses: {
				200: { description: "Switched", ...jsonContent(viewSchema) },
				...errorResponses,
			},
		}),
		async (c) => {
			const { view } = c.req.valid("json");
			return c.json(await setView({ deps: c.var.deps, actor: c.var.user, view }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "put",
			path: "/me/profile",
			tags: ["auth"],
			summary: "Edit my profile: display name and phone",
			middleware: anyAccount(),
			request: { body: { ...jsonContent(profileUpdateSchema), required: true } },
			responses: {
				200: {
					description: "Saved",
					...jsonContent(z.object({ displayName: z.string(), phone: z.string().nullable() })),
				},
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await updateMyProfile({
					deps: c.var.deps,
					actor: c.var.user,
					update: c.req.valid("json"),
				}),
				200,
			),
	);

const okSchema = z.object({ ok: z.boolean() });

/** Owner invitations and the crew, under /api/owner. */
export const ownerRoutes = createRouter<OwnerEnv>()
	.openapi(
		createRoute({
			method: "get",
			path: "/crew",
			tags: ["auth"],
			summary: "The crew members and the crew invitations not yet used",
			responses: {
				200: { description: "Crew", ...jsonContent(crewListSchema) },
				...errorResponses,
			},
		}),
		async (c) => c.json(await listCrew({ deps: c.var.deps, actor: c.var.user }), 200),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/crew/invites",
			tags: ["auth"],
			summary: "Invite a crew member by e-mail (single-use code and link, 7 days)",
			request: { body: { ...jsonContent(crewInviteSchema), required: true } },
			responses: {
				201: { description: "Invite", ...jsonContent(inviteSchema) },
				409: { description: "The address already has an account" },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await inviteCrewMember({
					deps: c.var.deps,
					actor: c.var.user,
					email: c.req.valid("json").email,
				}),
				201,
			),
	)
	.openapi(
		createRoute({
			method: "delete",
			path: "/crew/invites/{id}",
			tags: ["auth"],
			summary: "Withdraw a crew invitation not yet used",
			request: { params: z.object({ id: z.uuid() }) },
			responses: {
				200: { description: "Withdrawn", ...jsonContent(okSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await revokeCrewInvite({
					deps: c.var.deps,
					actor: c.var.user,
					id: c.req.valid("param").id,
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "delete",
			path: "/crew/{userId}",
			tags: ["auth"],
			summary: "Remove a crew member: the account and its sessions end at once",
			request: { params: z.object({ userId: z.string().min(1).max(100) }) },
			responses: {
				200: { description: "Removed", ...jsonContent(okSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await removeCrewMember({
					deps: c.var.deps,
					actor: c.var.user,
					userId: c.req.valid("param").userId,
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/invites",
			tags: ["auth"],
			summary: "Invite another owner (single-use code, e-mailed when an address is given)",
			request: { body: { ...jsonContent(createInviteSchema), required: true } },
			responses: {
				201: { description: "Invite", ...jsonContent(inviteSchema) },
				...errorResponses,
			},
		}),
		async (c) => {
			const { email } = c.req.valid("json");
			return c.json(await createOwnerInvite({ deps: c.var.deps, actor: c.var.user, email }), 201);
		},
	);
