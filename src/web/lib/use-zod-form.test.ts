import { describe, expect, it, vi } from "vitest";
import { profileUpdateSchema, signInSchema } from "../../shared/auth.ts";
import { z } from "../../shared/zod.ts";
import { TOAST_RAISED } from "./toast.ts";
import { constraintsOf, errorsOf, firstInvalid, lazySchema } from "./use-zod-form.ts";

describe("constraintsOf", () => {
	it("reads required and maxLength through trims, refinements, pipes and transforms", () => {
		expect(constraintsOf(profileUpdateSchema)).toEqual({
			displayName: { required: true, maxLength: 100 },
			phone: { maxLength: 40 },
		});
		expect(constraintsOf(signInSchema)).toEqual({
			email: { required: true, maxLength: 254 },
			password: { required: true, maxLength: 128 },
			rememberMe: {},
		});
	});

	it("reads nested objects' and lists' fields by path", () => {
		const schema = z.object({
			profile: z
				.object({
					email: z.string().max(254).pipe(z.email()),
					hours: z.array(z.object({ days: z.string().min(1).max(60) })),
					areas: z.array(z.string().max(80)),
				})
				.optional(),
		});
		expect(constraintsOf(schema)).toEqual({
			profile: {},
			"profile.email": { required: true, maxLength: 254 },
			"profile.hours": {},
			"profile.hours.*.days": { required: true, maxLength: 60 },
			"profile.areas": {},
			"profile.areas.*": { maxLength: 80 },
		});
	});

	it("reads numbers' bounds, and a refined object's fields", () => {
		const schema = z
			.object({
				price: z.number().min(0).max(1_000_000),
				quantity: z.number().int().min(1).optional(),
				note: z.string().max(10).nullish(),
				code: z.string().min(3).default("abc"),
			})
			.refine(() => true);
		expect(constraintsOf(schema)).toEqual({
			price: { required: true, min: 0, max: 1_000_000 },
			quantity: { min: 1 },
			note: { maxLength: 10 },
			code: {},
		});
	});
});

describe("errorsOf", () => {
	it("keeps the first message of each field, by its path", () => {
		const parsed = z
			.object({
				email: z.string().min(1, "Please fill in all fields").email("Invalid"),
				items: z.array(z.object({ quantity: z.number().min(1, "At least 1") })),
			})
			.safeParse({ email: "", items: [{ quantity: 0 }] });
		expect(parsed.success).toBe(false);
		expect(errorsOf(parsed.error?.issues ?? [])).toEqual({
			email: "Please fill in all fields",
			"items.0.quantity": "At least 1",
		});
	});
});

describe("firstInvalid", () => {
	it("is the first field in the form's order with a message, not the first message", () => {
		expect(firstInvalid(["name", "email", "password"], ["password", "email"])).toBe(1);
		expect(firstInvalid(["name", "email"], [])).toBe(-1);
	});

	it("gives an item's message to its own field, or else to the closest one around it", () => {
		// Add Customer: the service check boxes come before each service's price.
		const names = ["name", "services", "services", "services.0.unitPriceCents", "notes"];
		expect(firstInvalid(names, ["services.0.unitPriceCents"])).toBe(3);
		expect(firstInvalid(names, ["services"])).toBe(1);
		// Business settings: a service area is a line of one text box.
		expect(
			firstInvalid(["profile.phone", "profile.serviceAreas"], ["profile.serviceAreas.2"]),
		).toBe(1);
		// A name that merely starts the same is not around it.
		expect(firstInvalid(["service", "services"], ["services"])).toBe(1);
	});
});

describe("constraints written out for pages that load zod later", () => {
	it("match the schemas' own", async () => {
		const { contactSchema } = await import("../../shared/leads.ts");
		const { CONTACT_FORM_CONSTRAINTS } = await import("../../shared/contact-form.ts");
		const { website: _honeypot, ...contact } = constraintsOf(contactSchema);
		expect(contact).toEqual(CONTACT_FORM_CONSTRAINTS);
	});

	it("of the public quote form match publicQuoteSchema's", async () => {
		const { publicQuoteSchema } = await import("../../shared/public-quote.ts");
		const { QUOTE_FORM_CONSTRAINTS } = await import("../../shared/quote-form.ts");
		const all = constraintsOf(publicQuoteSchema);
		const fields = Object.fromEntries(
			Object.entries(all).filter(([name]) => name in QUOTE_FORM_CONSTRAINTS),
		);
		expect(fields).toEqual(QUOTE_FORM_CONSTRAINTS);
		// Every other field is one the visitor does not type.
		expect(Object.keys(all).filter((name) => !(name in fields))).toEqual([
			"services",
			"services.*.serviceId",
			"services.*.quantity",
			"withInstantQuote",
			"website",
		]);
	});
});

describe("lazySchema", () => {
	it("loads its module once, however many forms ask, and keeps the schema", async () => {
		let loads = 0;
		const schema = z.string().max(3);
		const lazy = lazySchema(async () => {
			loads += 1;
			return { schema };
		}, "schema");
		expect(lazy.loaded).toBeUndefined();
		const [first, second] = await Promise.all([lazy.load(), lazy.load()]);
		expect(first).toBe(schema);
		expect(second).toBe(schema);
		expect(await lazy.load()).toBe(schema);
		expect(loads).toBe(1);
		expect(lazy.loaded).toBe(schema);
	});

	it("says when it cannot load, and tries again the next time", async () => {
		const raised: string[] = [];
		vi.stubGlobal("window", new EventTarget());
		window.addEventListener(TOAST_RAISED, (event) => raised.push(event.type));
		let fail = true;
		const lazy = lazySchema(async () => {
			if (fail) throw new TypeError("Failed to fetch dynamically imported module");
			return { schema: z.email() };
		}, "schema");
		await expect(lazy.load()).rejects.toThrow("Failed to fetch");
		expect(raised).toEqual([TOAST_RAISED]);
		expect(lazy.loaded).toBeUndefined();
		fail = false;
		expect((await lazy.load()).safeParse("a@b.co").success).toBe(true);
		vi.unstubAllGlobals();
	});
});
