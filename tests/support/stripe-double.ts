import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A request the official SDK made to the stand-in: method, path, form fields, idempotency key. */
export interface StripeCall {
	method: string;
	path: string;
	form: Record<string, string>;
	idempotencyKey: string | undefined;
}

/** What the stand-in knows of a card: Stripe's test payment methods. */
const CARDS: Record<string, { brand: string; last4: string; decline?: string; code?: string }> = {
	pm_card_visa: { brand: "visa", last4: "4242" },
	pm_card_chargeDeclined: {
		brand: "visa",
		last4: "0002",
		decline: "Your card was declined.",
		code: "card_declined",
	},
	pm_card_chargeDeclinedInsufficientFunds: {
		brand: "visa",
		last4: "9995",
		decline: "Your card has insufficient funds.",
		code: "card_declined",
	},
};

/**
 * A local stand-in for the few Stripe API calls the product makes (Checkout Sessions,
 * PaymentIntents, Refunds, Subscriptions), answering with Stripe's shapes. The SDK is pointed at it
 * with STRIPE_API_URL. Like Stripe, a repeated idempotency key gets the first answer again.
 */
export async function startStripeDouble() {
	const calls: StripeCall[] = [];
	const byKey = new Map<string, { status: number; body: unknown }>();
	const intents = new Map<string, Record<string, unknown>>();
	const charge = (pm: string, exp = { month: 12, year: 2030 }) => {
		const card = CARDS[pm] ?? CARDS.pm_card_visa!;
		return {
			id: `ch_${randomUUID().replace(/-/g, "")}`,
			object: "charge",
			payment_method_details: {
				type: "card",
				card: { brand: card.brand, last4: card.last4, exp_month: exp.month, exp_year: exp.year },
			},
		};
	};

	function answer(call: StripeCall): { status: number; body: unknown } {
		const { method, path, form } = call;
		const id = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, "")}`;
		if (method === "POST" && path === "/v1/checkout/sessions") {
			const sessionId = id("cs_test");
			return {
				status: 200,
				body: {
					id: sessionId,
					object: "checkout.session",
					mode: form.mode,
					status: "open",
					payment_status: "unpaid",
					url: `https://checkout.stripe.test/c/pay/${sessionId}`,
					amount_total: Number(form["line_items[0][price_data][unit_amount]"] ?? 0),
					client_reference_id: form.client_reference_id ?? null,
					metadata: Object.fromEntries(
						Object.entries(form)
							.filter(([k]) => k.startsWith("metadata["))
							.map(([k, v]) => [k.slice(9, -1), v]),
					),
				},
			};
		}
		if (method === "POST" && path === "/v1/payment_intents") {
			const pm = form.payment_method ?? "";
			const card = CARDS[pm];
			const intentId = id("pi");
			if (!card) {
				return {
					status: 400,
					body: {
						error: { type: "invalid_request_error", message: `No such PaymentMethod: '${pm}'` },
					},
				};
			}
			if (card.decline) {
				return {
					status: 402,
					body: {
						error: {
							type: "card_error",
							code: card.code,
							message: card.decline,
							payment_intent: {
								id: intentId,
								object: "payment_intent",
								status: "requires_payment_method",
							},
						},
					},
				};
			}
			const intent = {
				id: intentId,
				object: "payment_intent",
				amount: Number(form.amount),
				currency: form.currency,
				status: "succeeded",
				latest_charge: charge(pm),
			};
			intents.set(intentId, intent);
			return { status: 200, body: intent };
		}
		const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
		if (method === "GET" && intentMatch) {
			const intentId = decodeURIComponent(intentMatch[1]!);
			const intent = intents.get(intentId) ?? {
				id: intentId,
				object: "payment_intent",
				status: "succeeded",
				latest_charge: charge("pm_card_visa"),
			};
			return { status: 200, body: intent };
		}
		if (method === "POST" && path === "/v1/refunds") {
			return {
				status: 200,
				body: {
					id: id("re"),
					object: "refund",
					amount: Number(form.amount),
					payment_intent: form.payment_intent,
					status: "succeeded",
				},
			};
		}
		const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
		if (method === "DELETE" && subscription) {
			return {
				status: 200,
				body: {
					id: decodeURIComponent(subscription[1]!),
					object: "subscription",
					status: "canceled",
				},
			};
		}
		return {
			status: 404,
			body: {
				error: {
					type: "invalid_request_error",
					message: `Unrecognized request URL (${method}: ${path})`,
				},
			},
		};
	}

	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on("data", (c) => chunks.push(c));
		req.on("end", () => {
			const url = new URL(req.url ?? "/", "http://stripe.test");
			const body = Buffer.concat(chunks).toString("utf8");
			const form = Object.fromEntries(
				new URLSearchParams(req.method === "GET" ? url.search : body),
			);
			const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
			const call = { method: req.method ?? "GET", path: url.pathname, form, idempotencyKey };
			calls.push(call);
			const key = idempotencyKey ? `${call.method} ${call.path} ${idempotencyKey}` : undefined;
			const result = (key && byKey.get(key)) || answer(call);
			if (key) byKey.set(key, result);
			res.writeHead(result.status, {
				"content-type": "application/json",
				"request-id": `req_${randomUUID()}`,
			});
			res.end(JSON.stringify(result.body));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		calls,
		/** The calls to one path, e.g. "/v1/checkout/sessions". */
		callsTo: (method: string, path: string) =>
			calls.filter((c) => c.method === method && c.path === path),
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
