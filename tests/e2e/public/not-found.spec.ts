import { expect, failedResource, test } from "../support/fixtures.ts";

test("an unknown path shows the not-found page with a real 404", async ({ page, pageErrors }) => {
	pageErrors.allow(failedResource(404, "/no-such-page/here"));
	const response = await page.goto("/no-such-page/here");
	expect(response?.status()).toBe(404);
	await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
	await page.getByRole("link", { name: "Return to Home" }).click();
	await expect(page).toHaveURL(/\/$/);
});

test("signed-out visitors of the app areas are sent to sign in; /app-home too", async ({
	page,
}) => {
	for (const path of ["/app", "/owner", "/owner/customer/123", "/app-home"]) {
		await page.goto(path);
		await expect(page).toHaveURL(/\/auth$/);
	}
});
