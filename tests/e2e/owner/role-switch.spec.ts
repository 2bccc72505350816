import { expect, OWNER, signUpViaApi, test } from "../support/fixtures.ts";

// On a fresh install: fixing the role changes the owner account, and the worker's shared server
// keeps one owner account that other tests sign in with.
test("an owner previews the customer app and switches back", async ({ newPage, freshServer }) => {
	const page = await newPage({ baseURL: freshServer.url });
	await signUpViaApi(page, { ...OWNER, role: "owner" });
	await page.goto("/app-home");
	await expect(page).toHaveURL(/\/owner$/);

	await page.getByRole("button", { name: "Customer View" }).click();
	await expect(page).toHaveURL(/\/app$/);
	await expect(page.getByRole("navigation", { name: "Customer app" })).toBeVisible();

	await page.getByRole("button", { name: "Owner View" }).click();
	await expect(page).toHaveURL(/\/owner$/);

	// Fix Role to Customer: the account now opens in the customer app.
	await page.goto("/app/profile");
	await page.getByRole("button", { name: "Fix Role to Customer" }).click();
	await expect(page).toHaveURL(/\/app$/);
	await page.goto("/app-home");
	await expect(page).toHaveURL(/\/app$/);
	await page.getByRole("button", { name: "Owner View" }).click();
	await expect(page).toHaveURL(/\/owner$/);
});
