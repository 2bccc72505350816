import { expect, type Page, test, uniqueEmail } from "../support/fixtures.ts";
import { expectNoSeriousA11yViolations, toasts } from "../support/public.ts";

const SHOTS = process.env.SHOTS_DIR;

/** One unbroken 500-character word and a 230-character map link, as customers paste them. */
const LONG_WORD = "Christmaslights".repeat(34).slice(0, 500);
const LONG_LINK =
	"https://www.google.com/maps/place/410+Maple+St,+Akron,+OH+44303/@41.0814447,-81.5190053,17z/data=!3m1!4b1!4m6!3m5!1s0x8830d7c2a6b2f0f5:0x9e1c5b0f2d4c8a1b!8m2!3d41.0814447!4d-81.5164304!16s%2Fg%2F11c1abcdef?entry=ttu&g_ep=EgoyMDI0M";
const LONG_NAME = "Maximiliana Bartholomew-Featherstonehaugh Worthington-Vanderbilt";

/**
 * A customer as realistic data makes them: a long name, a card payment in test mode (its long
 * reference on the page), a service request, and a conversation with a very long word and link.
 */
async function seed(owner: Page) {
	const catalog = (await (await owner.request.get("/api/catalog")).json()) as {
		services: { id: string; name: string }[];
	};
	const outline = catalog.services.find((s) => s.name === "House Outline")!;
	const email = uniqueEmail("desk");
	const expiry = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;
	const created = await owner.request.post("/api/owner/customers", {
		multipart: {
			data: JSON.stringify({
				name: LONG_NAME,
				email,
				password: "desk-lights-1",
				phone: "330-555-0199",
				address: "410 Maple Street",
				city: "Akron",
				state: "OH",
				zipCode: "44303",
				services: [{ serviceId: outline.id, quantity: 1, unitPriceCents: 40000 }],
				payment: {
					card: {
						cardholderName: LONG_NAME,
						cardNumber: "4242 4242 4242 4242",
						expiry,
						cvc: "123",
					},
				},
			}),
		},
	});
	expect(created.status(), await created.text()).toBe(201);
	const { id, userId } = (await created.json()) as { id: string; userId: string };
	const request = await owner.request.post(`/api/owner/customers/${id}/service-requests`, {
		data: { requestType: "Fix", details: "Two strands out over the garage" },
	});
	expect(request.status(), await request.text()).toBe(201);
	for (const content of [LONG_WORD, `Here is the house: ${LONG_LINK}`]) {
		const sent = await owner.request.post(`/api/owner/chat/${userId}/messages`, {
			data: { content },
		});
		expect(sent.status(), await sent.text()).toBe(201);
	}
	return { id, userId, email };
}

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
	const { scrollWidth, innerWidth } = await page.evaluate(() => ({
		scrollWidth: document.documentElement.scrollWidth,
		innerWidth: window.innerWidth,
	}));
	expect(scrollWidth, `the page is ${scrollWidth} px wide in ${innerWidth} px`).toBeLessThanOrEqual(
		innerWidth,
	);
}

/** No two cards of the main area overlap (a card inside another is not an overlap). */
async function expectNoOverlappingCards(page: Page) {
	const overlaps = await page.evaluate(() => {
		const cards = [...document.querySelectorAll("main .rounded-lg.border.bg-card")].filter(
			(el) => (el as HTMLElement).offsetParent !== null,
		);
		const found: string[] = [];
		for (const [i, a] of cards.entries())
			for (const b of cards.slice(i + 1)) {
				if (a.contains(b) || b.contains(a)) continue;
				const r = a.getBoundingClientRect();
				const s = b.getBoundingClientRect();
				const x = Math.min(r.right, s.right) - Math.max(r.left, s.left);
				const y = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
				if (x > 1 && y > 1)
					found.push(
						`${a.querySelector("h2,h3")?.textContent ?? "?"} / ${b.querySelector("h2,h3")?.textContent ?? "?"}: ${Math.round(x)}×${Math.round(y)}`,
					);
			}
		return found;
	});
	expect(overlaps).toEqual([]);
}

/** The long word wraps inside the thread, and the link is a real, safe link. */
async function expectThreadWraps(page: Page) {
	const log = page.getByRole("log", { name: "Messages" });
	const word = log.getByText(LONG_WORD);
	await expect(word).toBeVisible();
	const [thread, message] = [await log.boundingBox(), await word.boundingBox()];
	expect(message!.x).toBeGreaterThanOrEqual(thread!.x - 0.5);
	expect(message!.x + message!.width).toBeLessThanOrEqual(thread!.x + thread!.width + 0.5);
	expect(message!.height).toBeGreaterThan(40);
	const sideways = await log.evaluate((el) => el.scrollWidth - el.clientWidth);
	expect(sideways).toBeLessThanOrEqual(0);
	const link = log.getByRole("link", { name: LONG_LINK });
	await expect(link).toHaveAttribute("href", LONG_LINK);
	await expect(link).toHaveAttribute("target", "_blank");
	await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
	const box = await link.boundingBox();
	expect(box!.x + box!.width).toBeLessThanOrEqual(thread!.x + thread!.width + 0.5);
}

async function shot(page: Page, name: string) {
	if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test("with long names, references, words and links the customer page and the chat fit a phone and a desk", async ({
	ownerPage: owner,
	customerPage,
}) => {
	test.setTimeout(120_000);
	expect(LONG_LINK).toHaveLength(230);
	await owner.context().grantPermissions(["clipboard-read", "clipboard-write"]);
	const { id, email } = await seed(owner);

	for (const width of [390, 1280]) {
		await owner.setViewportSize({ width, height: 900 });

		// The customer page: the overview, then the billing with the payment reference.
		await owner.goto(`/owner/customer/${id}`);
		const main = owner.getByRole("main");
		await expect(main.getByText("Installation complete")).toBeVisible();
		await expectNoSidewaysScroll(owner);
		await expectNoOverlappingCards(owner);
		await expect(main.getByRole("button", { name: "Edit", exact: true })).toBeInViewport({
			ratio: 1,
		});
		await shot(owner, `customer-overview-${width}`);
		await expectNoSeriousA11yViolations(owner);

		await owner.goto(`/owner/customer/${id}?tab=billing`);
		await expect(main.getByTestId("card-payment")).toContainText("Succeeded");
		await expectNoSidewaysScroll(owner);
		await expectNoOverlappingCards(owner);
		await expect(main.getByTestId("card-payment").getByText("Succeeded")).toBeInViewport({
			ratio: 1,
		});
		await expectNoSeriousA11yViolations(owner);

		// The payment's long reference is shortened, and copied whole.
		const reference = main.getByTestId("payment-reference");
		await expect(reference).toHaveText(/^test_pi_.+….+$/);
		const full = await reference.getAttribute("title");
		expect(full).toMatch(/^test_pi_[0-9a-f-]{36}$/);
		await main.getByRole("button", { name: "Copy payment reference" }).click();
		await expect(toasts(owner)).toContainText("Copied");
		await expect(main.getByText("Copied", { exact: true })).toBeVisible();
		expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(full);
		await shot(owner, `customer-billing-${width}`);

		await owner.goto(`/owner/customer/${id}?tab=messages`);
		await expectThreadWraps(owner);
		await expectNoSidewaysScroll(owner);
		await shot(owner, `customer-messages-${width}`);

		// The inbox, with the conversation open.
		await owner.goto(`/owner/chat?customer=${id}`);
		await expectThreadWraps(owner);
		await expectNoSidewaysScroll(owner);
		await shot(owner, `chat-${width}`);
		await expectNoSeriousA11yViolations(owner);
	}

	// The customer's own chat on the app's Home, on a phone.
	const customer = await customerPage({ email, password: "desk-lights-1" });
	await customer.setViewportSize({ width: 390, height: 844 });
	await customer.goto("/app");
	await expectThreadWraps(customer);
	await expectNoSidewaysScroll(customer);
	await shot(customer, "customer-app-chat-390");
});
