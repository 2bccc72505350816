import {
	confirmationLink,
	expect,
	failedResource,
	signUpViaApi,
	test,
	uniqueEmail,
} from "../support/fixtures.ts";
import { toasts } from "../support/public.ts";

const SHOTS = process.env.CONFIRM_SCREENSHOTS ?? "test-results/confirm-screenshots";

test("a new customer confirms their address from the e-mailed link, then chats", async ({
	newPage,
	server,
	pageErrors,
}) => {
	test.setTimeout(90_000);
	// The broken link at the end: the server refuses it, and the page says so.
	pageErrors.allow(failedResource(400, "/api/auth/verify-email*"));
	const page = await newPage({ viewport: { width: 390, height: 844 } });
	const email = uniqueEmail();
	await signUpViaApi(page, { email, password: "lights-up-2024", displayName: "Robin Ridge" });

	// Home says so before they try: the notice, and no message box in the chat.
	await page.goto("/app");
	const notice = page.getByRole("region", { name: "Please confirm your e-mail address" });
	await expect(notice).toBeVisible();
	await expect(notice).toContainText(email);
	await expect(
		page.getByText("Please confirm your e-mail address first: we sent you a link."),
	).toBeVisible();
	await expect(page.getByRole("textbox", { name: "Message" })).toHaveCount(0);
	await page.screenshot({ path: `${SHOTS}/home-390.png`, fullPage: true });
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.screenshot({ path: `${SHOTS}/home-1280.png`, fullPage: true });
	await page.setViewportSize({ width: 390, height: 844 });

	// A new link on request: the button shows it is sending, then a toast says it went.
	const resend = notice.getByRole("button", { name: /Send the link again|Sending/ });
	await resend.click();
	await expect(toasts(page)).toContainText("We sent you a new link. Please check your e-mail.");
	await expect(notice.getByRole("button", { name: "Send the link again" })).toBeEnabled();

	// The quote form's photos wait too; the request itself does not.
	await page.goto("/app/quote-request");
	await expect(
		page.getByRole("main").getByRole("region", { name: "Please confirm your e-mail address" }),
	).toBeVisible();
	await expect(page.getByRole("main").locator('input[type="file"]')).toHaveCount(0);

	// The e-mailed link: its page says the address is confirmed and goes on to the app.
	await page.goto(await confirmationLink(server, email));
	await expect(page.getByText("Your e-mail address is confirmed.")).toBeVisible();
	await page.screenshot({ path: `${SHOTS}/confirmed-390.png`, fullPage: true });
	await expect(page).toHaveURL(/\/app$/, { timeout: 10_000 });
	await expect(notice).toHaveCount(0);

	const box = page.getByRole("textbox", { name: "Message" });
	await box.fill("Hello! Can you light our porch?");
	await box.press("Enter");
	await expect(
		page.getByRole("log", { name: "Messages" }).getByText("Hello! Can you light our porch?"),
	).toBeVisible();
	await expect(
		page.getByRole("log", { name: "Messages" }).getByRole("img", { name: "Sent" }),
	).toHaveCount(1);

	// An old or broken link says so, and offers nothing to an address already confirmed.
	await page.goto("/auth/confirm-email?token=broken");
	await expect(page.getByRole("alert")).toContainText("This confirmation link is not valid");
	await expect(page.getByRole("link", { name: "Continue to the app" })).toBeVisible();
});
