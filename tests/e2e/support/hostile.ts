import { type APIRequestContext, type APIResponse, request } from "@playwright/test";
import sharp from "sharp";
import { CONFIRM_PATH, firstLink, waitForMail } from "../../support/outbox.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * Hostile but realistic data, at the limits the shared schemas allow (src/shared/*.ts): the
 * layout guard (tests/e2e/guard) fills a fresh install with it through the HTTP API, as the owner,
 * customers and visitors would, then looks at every screen.
 */

/** Exactly `length` characters of `text` repeated (words stay words). */
const sized = (text: string, length: number) =>
	text
		.repeat(Math.ceil(length / text.length))
		.slice(0, length)
		.trimEnd()
		.padEnd(length, ".");

/** A name of 60 characters, spaces between its words as a real one. */
const NAME_60 = "Bartholomew Maximilian Fitzgerald-Worthington de la Cruz III";
/** Each further person gets their own 60 characters. */
const name60 = (first: string) => sized(`${first} ${NAME_60}`, 60);

/** 500 characters with no break anywhere: a pasted token or a key held down. */
const LONG_WORD = sized(
	"Supercalifragilisticexpialidocious-ChristmasLightsEverywhere_",
	500,
).replace(/[\s.]/g, "x");

/** A real-looking Google Maps link (no spaces, 230+ characters). */
const MAPS_LINK =
	"https://www.google.com/maps/place/410+Maple+St,+Akron,+OH+44303/@41.0814447,-81.5190053,17z/data=!3m1!4b1!4m6!3m5!1s0x8830d7a0c1e2f3a4:0x9a8b7c6d5e4f3a2b!8m2!3d41.0814447!4d-81.5164304!16s%2Fg%2F11c1d2e3f4?entry=ttu&g_ep=EgoyMDI0MTIwNC4wIKXMDSoASAFQAw%3D%3D";

const PROSE =
	"Please mind the flower beds along the front walk and the motion light over the garage door. " +
	"The outlet by the porch trips sometimes; the breaker is in the basement, second from the top. ";

/** Free text of exactly `length` characters that carries the long word and the map link. */
const hostileText = (length: number) =>
	sized(`${PROSE}${LONG_WORD} Directions: ${MAPS_LINK}\n\n${PROSE.repeat(3)}`, length);

const ADDRESS_300 = sized(
	"12345 North Old Canal Towpath Trail Extension Road, Building C, Apartment 1207, behind the blue barn past the second mailbox, ",
	300,
);
const CITY_100 = sized("North Royalton Heights Township ", 100);
const STATE_50 = sized("Ohio (Summit County) ", 50);
const ZIP_20 = "44303-1234 ext 00000";
/** A phone number at the schemas' limit (40). */
const PHONE_40 = "+1 (330) 555-0199 extension 12345 (cell)";
/** A long but real e-mail address, its parts separated by dots and dashes. */
const hostileEmail = (who: string) =>
	`${who}.bartholomew.maximilian.fitzgerald-worthington.delacruz@holiday-lights-customers.example.test`;

const PASSWORD = "bright-lights-2024";

const TEST_CARD = {
	cardholderName: NAME_60,
	cardNumber: "4242 4242 4242 4242",
	expiry: `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`,
	cvc: "123",
};

export interface Account {
	email: string;
	displayName: string;
	/** Cookies of its signed-in session, for browser contexts. */
	storageState: Awaited<ReturnType<APIRequestContext["storageState"]>>;
}

export interface HostileWorld {
	server: RunningServer;
	owner: Account;
	/** The customer with every badge: past due, on the plan, photos, requests of each kind, 30 bills, 200 chat messages. */
	hostile: Account & { customerId: string; pendingBillId: string; binCode: string };
	/** Customers whose quote is pending, revised (waiting for them) or rejected. */
	pending: Account;
	revised: Account;
	rejected: Account;
	/** A customer the owner added with the Add Customer form. */
	added: { customerId: string };
	/** The added customer, signed in: last season's install done, next season's offer open. */
	returning: Account;
	/** A crew member the owner invited. */
	crew: Account;
	/** A day with a stop on the crews' calendar (the added customer's install, done). */
	crewDay: string;
	stop(): Promise<void>;
}

const png = (color: string, width = 640, height = 480) =>
	sharp({ create: { width, height, channels: 3, background: color } })
		.png()
		.toBuffer();
const file = async (name: string, color: string) => ({
	name,
	mimeType: "image/png",
	buffer: await png(color),
});

/**
 * The answer's JSON once it has one of `status`. A call the server's keep-alive timeout cut as it
 * was sent (ECONNRESET before any answer) is sent once more.
 */
async function ok(send: () => Promise<APIResponse>, what: string, status = [200, 201]) {
	let r: APIResponse;
	try {
		r = await send();
	} catch (error) {
		if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
		r = await send();
	}
	if (!status.includes(r.status()))
		throw new Error(`Seeding: ${what} answered ${r.status()}: ${await r.text()}`);
	return r.status() === 204 ? null : r.json();
}

let visitor = 0;
/** A client of its own address (the server trusts one proxy), so per-address limits count it alone. */
const client = (baseURL: string) =>
	request.newContext({
		baseURL,
		extraHTTPHeaders: {
			"x-forwarded-for": `198.19.${Math.floor(visitor / 250)}.${(visitor++ % 250) + 1}`,
		},
	});

async function signUp(
	baseURL: string,
	account: {
		email: string;
		displayName: string;
		role?: "owner" | "customer" | "crew";
		inviteCode?: string;
	},
) {
	const api = await client(baseURL);
	await ok(
		() =>
			api.post("/api/account/sign-up", {
				data: { role: "customer", password: PASSWORD, ...account },
			}),
		`sign-up of ${account.email}`,
	);
	return api;
}

async function confirm(api: APIRequestContext, server: RunningServer, email: string) {
	const mail = await waitForMail(server.dataDir, email, { containing: CONFIRM_PATH });
	const token = new URL(firstLink(mail)).searchParams.get("token")!;
	await ok(
		() => api.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`),
		"confirmation",
	);
}

const account = async (api: APIRequestContext, email: string, displayName: string) => ({
	email,
	displayName,
	storageState: await api.storageState(),
});

/** `count` calls of `send(i)`, at most `width` at a time. */
async function inParallel(count: number, width: number, send: (i: number) => Promise<unknown>) {
	let next = 0;
	await Promise.all(
		Array.from({ length: width }, async () => {
			while (next < count) await send(next++);
		}),
	);
}

/**
 * A fresh server filled with the hostile data set, through the API. On a quiet 2-core machine the
 * server takes some 4 to 10 s to start (PGlite) and the data another 10 s.
 */
export async function seedHostileWorld(): Promise<HostileWorld> {
	const started = Date.now();
	const step = (what: string) => {
		if (process.env.GUARD_DEBUG) console.log(`seed: ${what} at ${Date.now() - started} ms`);
	};
	const server = await startServer();
	step("server");
	const url = server.url;
	const clients: APIRequestContext[] = [];
	const track = (api: APIRequestContext) => {
		clients.push(api);
		return api;
	};
	try {
		const ownerEmail = hostileEmail("owner");
		const ownerName = name60("Olivia");
		const owner = track(
			await signUp(url, { email: ownerEmail, displayName: ownerName, role: "owner" }),
		);

		// Settings: a long business profile and several service options at their limits.
		const settings = ok(
			() =>
				owner.put("/api/owner/settings", {
					data: {
						profile: {
							businessName: sized(
								"Buckeye Holiday Lights & Landscape Illumination of Northeast Ohio",
								60,
							),
							phone: PHONE_40,
							email:
								"appointments.and.holiday-lighting-questions@buckeye-holiday-lights-of-northeast-ohio.example",
							serviceAreas: [
								"Canton, OH",
								"Akron, OH",
								"Cleveland, OH",
								sized("Cuyahoga Falls and the Valley View Heights neighbourhoods, OH ", 80),
								"North Royalton, OH",
								"Stow, OH",
							],
							hours: [
								{
									days: sized("Monday, Tuesday, Wednesday, Thursday and Friday ", 60),
									hours: sized("8:00 AM - 6:00 PM (by appointment after 6) ", 60),
								},
								{ days: "Saturday", hours: "9:00 AM - 4:00 PM" },
								{ days: "Sunday", hours: "Closed" },
							],
							address: sized(
								"4410 Whipple Avenue Northwest, Suite 200, Canton, Ohio 44718, entrance at the back of the building ",
								200,
							),
						},
						pricing: { colorFeeDollars: 19.99, planPriceDollars: 29.99, requirePayment: true },
					},
				}),
			"settings",
		);
		const options = Promise.all(
			[
				{
					name: sized("Roofline, gutter and peak outline with commercial-grade C9 LED bulbs ", 100),
					description: hostileText(1000),
					basePriceDollars: 9_999.99,
					hasQuantity: true,
				},
				{
					name: "Wreath",
					description: "A lit wreath for the front door.",
					basePriceDollars: 85,
					hasQuantity: true,
				},
				{
					name: LONG_WORD.slice(0, 100),
					description: LONG_WORD.slice(0, 1000),
					basePriceDollars: 12.5,
					hasQuantity: false,
				},
				{
					name: "Walkway stakes",
					description: sized(PROSE, 400),
					basePriceDollars: 4.25,
					hasQuantity: true,
				},
			].map((data) => ok(() => owner.post("/api/owner/catalog", { data }), "service option")),
		);

		// The customers, each from its own household.
		const hostileEmailAddress = hostileEmail("customer");
		const hostileName = name60("Maximilian");
		const [customer, pending, revised, rejected] = await Promise.all(
			[
				{ email: hostileEmailAddress, displayName: hostileName },
				{ email: hostileEmail("pending"), displayName: name60("Penelope") },
				{ email: hostileEmail("revised"), displayName: name60("Reginald") },
				{ email: hostileEmail("rejected"), displayName: name60("Josephine") },
			].map(async (a) => track(await signUp(url, a))),
		);
		await Promise.all([settings, options]);
		step("accounts and settings");
		await confirm(customer!, server, hostileEmailAddress);

		const catalog = (await ok(() => owner.get("/api/catalog"), "catalogue")) as {
			services: { id: string; hasQuantity: boolean }[];
		};
		const every = catalog.services.map((s) => ({
			serviceId: s.id,
			quantity: s.hasQuantity ? 48 : 1,
		}));
		const quoteForm = () =>
			JSON.stringify({
				address: ADDRESS_300,
				city: CITY_100,
				state: STATE_50,
				zipCode: ZIP_20,
				services: every,
				notes: hostileText(5000),
			});

		// Quotes: approved (the hostile customer, with photos), pending, revised, rejected, and
		// website requests, one approved and never made a customer.
		const quoteOf = async (api: APIRequestContext, photos: boolean) => {
			const form = new FormData();
			form.set("data", quoteForm());
			if (photos)
				for (const [i, color] of ["#0a3", "#a30", "#03a"].entries()) {
					const f = await file(`front-of-house-${i}.png`, color);
					form.append("photos", new Blob([f.buffer], { type: f.mimeType }), f.name);
				}
			return (
				(await ok(() => api.post("/api/quote-requests", { multipart: form }), "quote")) as {
					id: string;
				}
			).id;
		};
		const [hostileQuote, , revisedQuote, rejectedQuote] = await Promise.all([
			quoteOf(customer!, true),
			quoteOf(pending!, false),
			quoteOf(revised!, false),
			quoteOf(rejected!, false),
		]);
		const visitor = track(await client(url));
		const website = (who: string) =>
			ok(
				() =>
					visitor.post("/api/public/quote-requests", {
						multipart: {
							data: JSON.stringify({
								name: name60(who),
								email: hostileEmail(who.toLowerCase()),
								phone: PHONE_40,
								address: ADDRESS_300,
								city: CITY_100,
								state: STATE_50,
								zipCode: ZIP_20,
								services: every,
								notes: hostileText(5000),
							}),
						},
					}),
				"website quote",
			);
		await Promise.all([website("Winifred"), website("Wilhelmina")]);
		const quotes = (await ok(() => owner.get("/api/owner/quotes"), "quotes")) as {
			quotes: { id: string; source: string; email: string | null }[];
		};
		const websiteApproved = quotes.quotes.find(
			(q) => q.source === "website" && q.email === hostileEmail("winifred"),
		)!.id;
		await Promise.all([
			ok(
				() => owner.post(`/api/owner/quotes/app/${hostileQuote}/approve`, { data: {} }),
				"approve",
			),
			ok(
				() =>
					owner.post(`/api/owner/quotes/app/${revisedQuote}/revise`, {
						data: { revisedPriceCents: 99_999_999, notes: hostileText(2000) },
					}),
				"revise",
			),
			ok(() => owner.post(`/api/owner/quotes/app/${rejectedQuote}/reject`, { data: {} }), "reject"),
			ok(
				() => owner.post(`/api/owner/quotes/website/${websiteApproved}/approve`, { data: {} }),
				"approve website",
			),
		]);

		const findCustomer = async (q: string) => {
			const page = (await ok(
				() => owner.get(`/api/owner/customers?q=${encodeURIComponent(q.slice(0, 40))}`),
				"customer search",
			)) as { customers: { id: string; email: string }[] };
			return page.customers.find((c) => c.email === q)?.id ?? null;
		};
		step("quotes");
		const customerId = (await findCustomer(hostileEmailAddress))!;
		if (!customerId) throw new Error("Seeding: the approved customer has no record");

		// The owner's Add Customer form, every field at its limit.
		const added = (await ok(
			() =>
				owner.post("/api/owner/customers", {
					multipart: {
						data: JSON.stringify({
							name: sized(`Added ${NAME_60} `, 100),
							email: hostileEmail("added"),
							password: PASSWORD,
							phone: PHONE_40,
							address: ADDRESS_300,
							city: CITY_100,
							state: STATE_50,
							zipCode: ZIP_20,
							services: every.map((s) => ({ ...s, unitPriceCents: 100_000 })),
							notes: hostileText(5000),
						}),
					},
				}),
			"add customer",
		)) as { id: string };

		step("added customer");
		// The added customer returns: their install this season done, next season's offer sent.
		const campaign = (await ok(() => owner.get("/api/owner/renewals"), "renewals")) as {
			fromSeasonId: string;
		};
		const { windows } = (await ok(() => owner.get("/api/owner/season/windows"), "windows")) as {
			windows: { id: string; seasonId: string; kind: string }[];
		};
		let crewDay: string | undefined;
		for (const w of windows.filter(
			(x) => x.seasonId === campaign.fromSeasonId && x.kind === "install",
		)) {
			const { days } = (await ok(() => owner.get(`/api/booking-windows/${w.id}/days`), "days")) as {
				days: { day: string; state: string }[];
			};
			const open = days.find((d) => d.state === "open");
			if (!open) continue;
			const booking = (await ok(
				() =>
					owner.post("/api/owner/bookings", {
						data: { customerId: added.id, windowId: w.id, day: open.day },
					}),
				"install booking",
			)) as { id: string };
			await ok(() => owner.post(`/api/owner/bookings/${booking.id}/done`), "install done");
			crewDay = open.day;
			break;
		}
		if (!crewDay) throw new Error(`Seeding: no open install day in ${campaign.fromSeasonId}`);
		await ok(
			() => owner.post("/api/owner/renewals/send", { data: { customerId: added.id } }),
			"renewal offer",
		);
		const returning = track(await client(url));
		await ok(
			() =>
				returning.post("/api/auth/sign-in/email", {
					data: { email: hostileEmail("added"), password: PASSWORD },
				}),
			"sign-in of the added customer",
		);
		// The hostile customer's record, contract, picture, photos and phone.
		const portrait = await file("portrait.png", "#c84");
		await Promise.all([
			ok(
				() =>
					owner.patch(`/api/owner/customers/${customerId}`, {
						data: {
							phone: PHONE_40,
							address: ADDRESS_300,
							city: CITY_100,
							state: STATE_50,
							zipCode: ZIP_20,
							notes: hostileText(5000),
						},
					}),
				"customer edit",
			),
			ok(
				() =>
					customer!.post("/api/contract/sign", {
						data: { consent: true, fullName: hostileName },
					}),
				"contract",
			),
			ok(
				() =>
					customer!.put("/api/me/profile", { data: { displayName: hostileName, phone: PHONE_40 } }),
				"profile",
			),
			ok(
				() =>
					owner.put(`/api/owner/customers/${customerId}/image`, {
						multipart: { image: portrait },
					}),
				"customer image",
			),
			(async () => {
				const form = new FormData();
				for (const [i, color] of ["#123", "#234", "#345", "#456", "#567", "#678"].entries()) {
					const f = await file(`installation-${i}-${LONG_WORD.slice(0, 40)}.png`, color);
					form.append("media", new Blob([f.buffer], { type: f.mimeType }), f.name);
				}
				await ok(
					() =>
						owner.post(`/api/owner/customers/${customerId}/installation-media`, {
							multipart: form,
						}),
					"installation photos",
				);
			})(),
		]);
		await ok(
			() =>
				owner.patch(`/api/owner/customers/${customerId}/progress`, {
					data: { installCompleted: true },
				}),
			"progress",
		);

		step("record and photos");
		// Requests of each kind: the customer's three (with photos), the owner's three, and Change
		// Colors requests whose fee bills bring the customer to 30 bills.
		const customerRequest = async (data: object, photos = 0) => {
			const form = new FormData();
			form.set("data", JSON.stringify(data));
			for (let i = 0; i < photos; i++) {
				const f = await file(`strand-${i}.png`, i % 2 ? "#222" : "#844");
				form.append("photos", new Blob([f.buffer], { type: f.mimeType }), f.name);
			}
			return (
				(await ok(
					() => customer!.post("/api/service-requests", { multipart: form }),
					"request",
				)) as {
					id: string;
				}
			).id;
		};
		const ownerRequest = async (data: object) =>
			(
				(await ok(
					() => owner.post(`/api/owner/customers/${customerId}/service-requests`, { data }),
					"owner request",
				)) as { id: string }
			).id;
		const details = hostileText(2000);
		const fix = await customerRequest({ requestType: "Fix", details, priority: "Urgent" }, 3);
		const more = await customerRequest({ requestType: "MoreLights", details });
		await customerRequest({
			requestType: "ChangeColor",
			details,
			colorScheme: "Custom",
			customColors: hostileText(300),
		});
		const takedown = await ownerRequest({ requestType: "Takedown", details, priority: "Urgent" });
		const install = await ownerRequest({ requestType: "Installation", details });
		await ownerRequest({ requestType: "Maintenance", details });
		// 1 quote bill + 1 custom colour fee + 27 more fees + the plan's first month = 30 bills.
		const schemes = ["Warm White", "Cool White", "Red & White", "Multicolor"];
		await inParallel(27, 3, (i) =>
			ownerRequest({
				requestType: "ChangeColor",
				colorScheme: schemes[i % schemes.length],
				details: i % 5 ? null : details,
			}),
		);
		await Promise.all([
			ok(() => owner.post(`/api/owner/service-requests/${fix}/start`), "start"),
			ok(() => owner.post(`/api/owner/service-requests/${takedown}/start`), "start"),
			ok(() => owner.post(`/api/owner/service-requests/${more}/complete`), "complete"),
			ok(() => owner.post(`/api/owner/service-requests/${install}/cancel`), "cancel"),
		]);

		step("requests");
		// Bills: some paid by card (one refunded in part), some in cash or by check, the plan joined.
		const bills = (
			(await ok(() => customer!.get("/api/bills"), "bills")) as {
				bills: { id: string; status: string; description: string }[];
			}
		).bills;
		const pendingBills = bills.filter((b) => b.status === "pending");
		for (const bill of pendingBills.slice(0, 4))
			await ok(
				() => customer!.post(`/api/bills/${bill.id}/pay`, { data: { card: TEST_CARD } }),
				"pay",
			);
		for (const [i, bill] of pendingBills.slice(4, 7).entries())
			await ok(
				() =>
					owner.post(`/api/owner/bills/${bill.id}/mark-paid`, {
						data: { method: i % 2 ? "check" : "cash" },
					}),
				"mark paid",
			);
		await ok(() => customer!.post("/api/plan", { data: { card: TEST_CARD } }), "plan");
		const payments = (await ok(
			() => owner.get(`/api/owner/customers/${customerId}/payments`),
			"payments",
		)) as {
			payments: { id: string; status: string }[];
		};
		const paid = payments.payments.find((p) => p.status === "succeeded");
		if (paid)
			await ok(
				() =>
					owner.post(`/api/owner/payments/${paid.id}/refund`, {
						data: { amountDollars: 1, reason: hostileText(500) },
					}),
				"refund",
			);
		const billCount = (
			(await ok(() => customer!.get("/api/bills"), "bills")) as { bills: unknown[] }
		).bills.length;
		if (billCount < 30)
			throw new Error(`Seeding: the hostile customer has ${billCount} bills, not 30`);
		const pendingBillId = pendingBills.at(-1)!.id;

		step("bills");
		// Chat: 200+ messages, with an image, the long word, the map link and the longest message.
		// Each account may send 30 a minute, so the owner has co-owners who answer too.
		const coOwners = await Promise.all(
			["Ophelia", "Octavia", "Oswald", "Orlando", "Odessa"].map(async (who) => {
				const invite = (await ok(
					() => owner.post("/api/owner/invites", { data: {} }),
					"invite",
				)) as {
					code: string;
				};
				return track(
					await signUp(url, {
						email: hostileEmail(who.toLowerCase()),
						displayName: name60(who),
						role: "owner",
						inviteCode: invite.code,
					}),
				);
			}),
		);
		const customerUserId = (
			(await ok(() => customer!.get("/api/me"), "me")) as { user: { id: string } }
		).user.id;
		const texts = (i: number) =>
			[
				`Message ${i}: ${LONG_WORD}`,
				`Here is how to find us: ${MAPS_LINK}`,
				hostileText(4000),
				"Thanks!",
				`Could you come by on ${["Tuesday", "Friday"][i % 2]}? ${sized(PROSE, 240)}`,
			][i % 5]!;
		const attach = async (api: APIRequestContext, path: string, name: string) => {
			const f = await file(name, "#3a6");
			const form = new FormData();
			form.set("data", JSON.stringify({ content: `The photo you asked for ${MAPS_LINK}` }));
			form.set("file", new Blob([f.buffer], { type: f.mimeType }), f.name);
			await ok(() => api.post(path, { multipart: form }), "attachment");
		};
		await attach(customer!, "/api/chat/attachments", `garage-strand-${LONG_WORD.slice(0, 60)}.png`);
		const senders: [APIRequestContext, string][] = [
			[customer!, "/api/chat/messages"],
			...[owner, ...coOwners].map((api): [APIRequestContext, string] => [
				api,
				`/api/owner/chat/${customerUserId}/messages`,
			]),
		];
		await Promise.all(
			senders.map(async ([api, path], s) => {
				for (let i = 0; i < (s === 0 ? 28 : 29); i++)
					await ok(() => api.post(path, { data: { content: texts(i + s) } }), "chat message");
			}),
		);
		await attach(owner, `/api/owner/chat/${customerUserId}/attachments`, "estimate-diagram.png");

		step("chat");
		// Storage: a rack with the longest name and most shelves, a bin holding the longest
		// contents on its top shelf, and a second bin marked Missing (the dashboard lists it).
		const racks = (await ok(
			() =>
				owner.post("/api/owner/storage/locations", {
					data: { name: name60("Rack"), shelves: 50 },
				}),
			"storage location",
		)) as { locations: { id: string }[] };
		const contents = "House outline C9 warm white, 180 ft; 2 wreaths; ".repeat(11).slice(0, 500);
		const bin = (await ok(
			() =>
				owner.post(`/api/owner/customers/${customerId}/bins`, {
					data: { contents, locationId: racks.locations[0]!.id, shelf: 50 },
				}),
			"bin",
		)) as { code: string };
		const lost = (await ok(
			() => owner.post(`/api/owner/customers/${customerId}/bins`, { data: { contents } }),
			"bin",
		)) as { code: string };
		await ok(
			() =>
				owner.post("/api/crew/bins/scans", {
					data: { id: crypto.randomUUID(), code: lost.code, to: "missing" },
				}),
			"missing bin",
		);
		step("storage");
		// A crew member, invited by the owner, with the longest name.
		const crewEmail = hostileEmail("crew");
		const crewInvite = (await ok(
			() => owner.post("/api/owner/crew/invites", { data: { email: crewEmail } }),
			"crew invitation",
		)) as { code: string };
		const crew = track(
			await signUp(url, {
				email: crewEmail,
				displayName: name60("Cristobal"),
				role: "crew",
				inviteCode: crewInvite.code,
			}),
		);
		const world: HostileWorld = {
			server,
			owner: await account(owner, ownerEmail, ownerName),
			hostile: {
				...(await account(customer!, hostileEmailAddress, hostileName)),
				customerId,
				pendingBillId,
				binCode: bin.code,
			},
			pending: await account(pending!, hostileEmail("pending"), name60("Penelope")),
			revised: await account(revised!, hostileEmail("revised"), name60("Reginald")),
			rejected: await account(rejected!, hostileEmail("rejected"), name60("Josephine")),
			added: { customerId: added.id },
			returning: await account(returning, hostileEmail("added"), sized(`Added ${NAME_60} `, 100)),
			crew: await account(crew, crewEmail, name60("Cristobal")),
			crewDay,
			async stop() {
				await server.stop();
			},
		};
		return world;
	} catch (error) {
		await server.stop();
		throw error;
	} finally {
		await Promise.all(clients.map((c) => c.dispose()));
	}
}
