import { waitForMail } from "../../support/outbox.ts";
import { expect, OWNER, signUpViaApi, test } from "../support/fixtures.ts";
import { toasts } from "../support/public.ts";

test("the owner approves a website quote and creates the customer's account", async ({
	newPage,
	freshServer,
}) => {
	const page = await newPage({ baseURL: freshServer.url });
	const catalog = await (await page.request.get("/api/catalog")).json();
	const outline = catalog.services.find((s: { name: string }) => s.name === "House Outline");
	const sent = await page.request.post("/api/public/quote-requests", {
		multipart: {
			data: JSON.stringify({
				name: "Wendy Web",
				email: "wendy@example.test",
				address: "44 Elm St",
				city: "Akron",
				services: [{ serviceId: outline.id, quantity: 1 }],
			}),
		},
	});
	expect(sent.status()).toBe(201);
	await signUpViaApi(page, { ...OWNER, role: "owner" });

	await page.goto("/owner/quotes");
	const card = page.getByRole("main").locator("div").filter({ hasText: "Wendy Web" }).first();
	await expect(card.getByText("Website", { exact: true })).toBeVisible();
	// A summary row per quote: its details (and decisions) open in place.
	await page.getByRole("button", { name: /Wendy Web/ }).click();
	await card.getByRole("button", { name: "Approve" }).click();
	const dialog = page.getByRole("dialog");
	await expect(dialog).toContainText("Website quote approved! Follow up with customer directly.");
	await expect(dialog).toContainText("wendy@example.test");
	await dialog.getByRole("button", { name: "Create customer account" }).click();
	await expect(toasts(page)).toContainText("Customer account created");
	await expect(dialog).toHaveCount(0);
	await expect(page.getByText("No quote requests found")).toBeVisible();

	const mail = await waitForMail(freshServer.dataDir, "wendy@example.test", {
		containing: "Set your password",
	});
	expect(mail.subject).toContain("account is ready");
	await page.goto("/owner");
	await expect(page.getByRole("main").getByText("Wendy Web").first()).toBeVisible();
});
