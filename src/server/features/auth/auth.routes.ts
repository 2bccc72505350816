import { createRoute, z } from "@hono/zod-openapi";
import {
	createInviteSchema,
	inviteSchema,
	meSchema,
	signUpSchema,
	viewSchema,
} from "../../../shared/auth.ts";
import { createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { loadSessionUser, requireOwner, requireUser } from "./auth.middleware.ts";
import { createOwnerInvite, setView, signUpAccount } from "./auth.service.ts";

export const authRoutes = createRouter()
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
		async (c) => c.json({ user: await loadSessionUser(c) }, 200),
	)
	.openapi(
		createRoute({
			method: "put",
			path: "/me/view",
			tags: ["auth"],
			summary: "Switch an owner account between the owner and customer areas",
			middleware: [requireUser] as const,
			request: { body: { ...jsonContent(viewSchema), required: true } },
			responses: {
				200: { description: "Switched", ...jsonContent(viewSchema) },
				...errorResponses,
			},
		}),
		async (c) => {
			const { view } = c.req.valid("json");
			return c.json(await setView({ db: c.var.deps.db, user: c.var.user, view }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/owner/invites",
			tags: ["auth"],
			summary: "Invite another owner (single-use code, e-mailed when an address is given)",
			middleware: [requireOwner] as const,
			request: { body: { ...jsonContent(createInviteSchema), required: true } },
			responses: {
				201: { description: "Invite", ...jsonContent(inviteSchema) },
				...errorResponses,
			},
		}),
		async (c) => {
			const { email } = c.req.valid("json");
			return c.json(await createOwnerInvite({ deps: c.var.deps, user: c.var.user, email }), 201);
		},
	);
