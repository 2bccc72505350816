import { linkFromMail } from "../../support/outbox.ts";
import {
	devices,
	expect,
	failedResource,
	OWNER,
	type Page,
	signInViaApi,
	signUpViaApi,
	test,
	uniqueEmail,
} from "../support/fixtures.ts";

const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/**
 * Clicks the button named `name` and waits for the server's answer to the request it sends to
 * `path`, as the form does (its button says it is busy until then): a new password is hashed at
 * the real cost, which takes longer than an expectation's 10 s on a busy machine.
 */
async function submitAndAwait(page: Page, name: string, path: string) {
	const answered = page.waitForResponse((response) => new URL(response.url()).pathname === path);
	await page.getByRole("button", { name, exact: true }).click();
	await answered;
}

test.describe("accounts", () => {
	test("the first Business Owner on a fresh install lands on the owner dashboard", async ({
		page,
		freshServer,
	}) => {
		await page.goto(`${freshServer.url}/auth`);
		await page.getByRole("tab", { name: "Sign Up" }).click();
		await page.getByLabel("Full Name").fill("First Owner");
		await page.getByLabel("Email Address").fill("first@buckeye.test");
		await page.getByLabel("Password").fill("owner-secret");
		await page.getByLabel("Business Owner - manage lighting services").check();
		await page.getByRole("button", { name: "Create Account" }).click();
		await expect(page).toHaveURL(`${freshServer.url}/owner`);
		await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
		const tabs = page.getByRole("navigation", { name: "Owner dashboard" }).getByRole("link");
		// A desk's side bar also lists the season's Schedule; a phone keeps five tabs.
		const desk = (page.viewportSize()?.width ?? 0) >= 1024;
		await expect(tabs).toHaveText([
			"Dashboard",
			"Chat",
			"Quotes",
			"Requests",
			...(desk ? ["Schedule"] : []),
			"Settings",
		]);
	});

	test("a customer lands in the customer app and never sees owner screens", async ({ page }) => {
		await page.goto("/auth");
		await page.getByRole("tab", { name: "Sign Up" }).click();
		await page.getByLabel("Full Name").fill("Casey Customer");
		await page.getByLabel("Email Address").fill(uniqueEmail());
		await page.getByLabel("Password").fill("customer-secret");
		await page.getByRole("button", { name: "Create Account" }).click();
		await expect(page).toHaveURL(/\/app$/);
		await expect(page.getByRole("heading", { name: "Welcome, Casey Customer" })).toBeVisible();
		const tabs = page.getByRole("navigation", { name: "Customer app" }).getByRole("link");
		await expect(tabs).toHaveText(["Home", "QuickPay", "Requests", "Profile"]);
		await expect(page.getByRole("button", { name: /Owner View/ })).toHaveCount(0);

		await page.goto("/owner/quotes");
		await expect(page).toHaveURL(/\/app$/);
		const res = await page.request.post("/api/owner/invites", { data: {} });
		expect(res.status()).toBe(403);
		const view = await page.request.put("/api/me/view", { data: { view: "owner" } });
		expect(view.status()).toBe(403);
	});

	test("a second would-be owner without an invitation is refused and nothing is created", async ({
		page,
		pageErrors,
	}) => {
		pageErrors.allow(failedResource(403, "/api/account/sign-up"));
		const email = uniqueEmail("owner2");
		await page.goto("/auth");
		await page.getByRole("tab", { name: "Sign Up" }).click();
		await page.getByLabel("Email Address").fill(email);
		await page.getByLabel("Password").fill("owner-secret");
		await page.getByLabel("Business Owner - manage lighting services").check();
		await page.getByRole("button", { name: "Create Account" }).click();
		await expect(toast(page)).toContainText("This business already has an owner");
		await expect(page).toHaveURL(/\/auth$/);
		const signIn = await page.request.post("/api/auth/sign-in/email", {
			data: { email, password: "owner-secret" },
		});
		expect(signIn.status()).toBe(401);
	});

	test("an owner invites a co-owner, who signs up with the link", async ({ page, newPage }) => {
		await signInViaApi(page, OWNER);
		await page.goto("/owner/settings");
		await page.getByRole("button", { name: "Create Invitation" }).click();
		const code = (await page.getByRole("status").locator("strong").textContent()) ?? "";
		expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){6}$/);

		const page2 = await newPage(devices["Desktop Chrome"]);
		await page2.goto(`/auth?invite=${code}`);
		await page2.getByLabel("Email Address").fill(uniqueEmail("coowner"));
		await page2.getByLabel("Password").fill("coowner-secret");
		await expect(page2.getByLabel("Invitation Code")).toHaveValue(code);
		await page2.getByRole("button", { name: "Create Account" }).click();
		await expect(page2).toHaveURL(/\/owner$/);
		await expect(page2.getByRole("heading", { name: "Dashboard" })).toBeVisible();
	});

	test("sign-in shows SPEC's messages, and sign-out ends the session", async ({
		page,
		pageErrors,
	}) => {
		pageErrors.allow(failedResource(401, "/api/auth/sign-in/email"));
		const email = uniqueEmail();
		await signUpViaApi(page, { email, password: "customer-secret" });
		await page.context().clearCookies();

		await page.goto("/auth");
		await page.getByRole("button", { name: "Sign In", exact: true }).click();
		await expect(toast(page)).toContainText("Please fill in all fields");
		// Each empty field is marked and says why under it; the first one has the focus.
		const emailField = page.getByLabel("Email Address");
		await expect(emailField).toHaveAttribute("aria-invalid", "true");
		await expect(emailField).toHaveAccessibleDescription("Please fill in all fields");
		await expect(emailField).toBeFocused();
		await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
		await expect(emailField).toHaveAttribute("required", "");
		await expect(emailField).toHaveAttribute("maxlength", "254");
		await page.getByLabel("Email Address").fill(email);
		await expect(emailField).not.toHaveAttribute("aria-invalid", "true");
		await page.getByLabel("Password").fill("wrong-password");
		await page.getByRole("button", { name: "Sign In", exact: true }).click();
		await expect(toast(page)).toContainText("Invalid email or password");
		await page.getByLabel("Password").fill("customer-secret");
		await page.getByRole("button", { name: "Sign In", exact: true }).click();
		await expect(page).toHaveURL(/\/app$/);

		await page.getByRole("link", { name: "Profile" }).click();
		await page.getByRole("button", { name: "Sign Out" }).click();
		await expect(page).toHaveURL(/\/auth$/);
		await expect(toast(page)).toContainText("Signed out successfully");
		await page.goto("/app/payments");
		await expect(page).toHaveURL(/\/auth$/);
	});

	test("sign-up refuses a short password", async ({ page }) => {
		await page.goto("/auth");
		await page.getByRole("tab", { name: "Sign Up" }).click();
		await page.getByLabel("Email Address").fill(uniqueEmail());
		await page.getByLabel("Password").fill("12345");
		await page.getByRole("button", { name: "Create Account" }).click();
		await expect(toast(page)).toContainText("Password must be at least 6 characters");
		await expect(page).toHaveURL(/\/auth$/);
	});

	test("a forgotten password is reset with the e-mailed link", async ({
		page,
		server,
		pageErrors,
	}) => {
		// A sign-up, a reset and a sign-in, each hashing at the real cost: more than the default.
		test.setTimeout(90_000);
		// The second use of the link is refused.
		pageErrors.allow(failedResource(400, "/api/auth/reset-password"));
		const email = uniqueEmail("forgetful");
		await signUpViaApi(page, { email, password: "old-password" });
		await page.context().clearCookies();

		await page.goto("/auth");
		await page.getByRole("button", { name: "Forgot your password?" }).click();
		await page.getByRole("button", { name: "Send Reset Link" }).click();
		await expect(toast(page)).toContainText("Please enter your email address");
		await page.getByLabel("Email Address").fill(email);
		await page.getByRole("button", { name: "Send Reset Link" }).click();
		await expect(page.getByRole("status")).toContainText(email);

		const link = await linkFromMail(server.dataDir, email);
		expect(link).toContain("/auth/reset-password?token=");
		await page.goto(link);
		await page.getByLabel("New Password").fill("new-password");
		await page.getByLabel("Confirm Password").fill("different");
		await page.getByRole("button", { name: "Update Password" }).click();
		await expect(toast(page)).toContainText("Passwords do not match");
		await page.getByLabel("Confirm Password").fill("new-password");
		await submitAndAwait(page, "Update Password", "/api/auth/reset-password");
		await expect(page).toHaveURL(/\/auth$/);

		await page.getByLabel("Email Address").fill(email);
		await page.getByLabel("Password").fill("new-password");
		await submitAndAwait(page, "Sign In", "/api/auth/sign-in/email");
		await expect(page).toHaveURL(/\/app$/);
		// The app is left before its session goes: a live update arriving later would make it
		// read again, signed out.
		await page.goto("about:blank");

		// The link works once.
		await page.context().clearCookies();
		await page.goto(link);
		await page.getByLabel("New Password").fill("third-password");
		await page.getByLabel("Confirm Password").fill("third-password");
		await page.getByRole("button", { name: "Update Password" }).click();
		await expect(toast(page)).toContainText("invalid or has expired");
	});

	test("a reset link without its token says so and returns to sign-in", async ({ page }) => {
		await page.goto("/auth/reset-password?email=someone@example.test");
		await expect(toast(page)).toContainText("Invalid reset link");
		await expect(page).toHaveURL(/\/auth$/);
	});
});
