import fs from "node:fs";
import { extractText, getDocumentProxy } from "unpdf";
import { approvedCustomer } from "../support/customers.ts";
import { expect, type Page, test as withServer } from "../support/fixtures.ts";
import { expectNoSeriousA11yViolations, toasts } from "../support/public.ts";

const SHOTS = process.env.SHOTS_DIR;

const test = withServer.extend<{ owner: Page }>({
	owner: async ({ ownerPage }, use) => use(ownerPage),
});

/** With SHOTS_DIR set, a full-page screenshot at a phone's 390 px and at 1280 px. */
async function shots(page: Page, name: string) {
	if (!SHOTS) return;
	const size = page.viewportSize();
	for (const width of [390, 1280]) {
		await page.setViewportSize({ width, height: 900 });
		await page.waitForTimeout(250);
		await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
	}
	if (size) await page.setViewportSize(size);
}

/** The season's steps on the page, and the current one. */
const season = (page: Page) => page.getByRole("main").getByRole("list", { name: /^Season / });
const currentStep = (page: Page) => season(page).locator('[aria-current="step"]');

/** Signs on Home with consent and a typed name, as a person does. */
async function sign(page: Page, fullName: string) {
	const main = page.getByRole("main");
	await main.getByRole("button", { name: "Review and Sign Contract" }).click();
	const signButton = main.getByRole("button", { name: "I Agree and Sign" });
	await expect(signButton).toBeDisabled();
	await main.getByLabel("I agree to sign electronically").check();
	await expect(signButton).toBeDisabled();
	await main.getByLabel("Full Name").fill(fullName);
	await expect(signButton).toBeEnabled();
	await signButton.click();
	await expect(toasts(page)).toContainText("Contract signed");
	await expect(main.getByRole("heading", { name: "Contract signed" })).toBeVisible();
}

/** Downloads the contract from `page` and reads its text. */
async function downloadContract(page: Page) {
	const [download] = await Promise.all([
		page.waitForEvent("download"),
		page.getByRole("main").getByRole("link", { name: "Download Contract" }).first().click(),
	]);
	expect(download.suggestedFilename()).toMatch(/^service-agreement-\d{4}-\d{2}\.pdf$/);
	const bytes = new Uint8Array(fs.readFileSync((await download.path())!));
	expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
	const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
	return text.replace(/\s+/g, " ");
}

test("a customer signs with their name, downloads the PDF and the season moves on", async ({
	owner,
	customerPage,
}) => {
	test.setTimeout(150_000);
	const page = await customerPage();
	await approvedCustomer(page, owner, "Dana Signer");
	await page.goto("/app");
	await expect(currentStep(page)).toContainText("Contract signed");
	await expect(season(page).getByRole("listitem").first()).toContainText("Quote approved");
	await shots(page, "contract-home-before");

	// The terms in full, the lines and the total, before signing.
	const main = page.getByRole("main");
	await main.getByRole("button", { name: "Review and Sign Contract" }).click();
	await expect(main.getByText(/Terms · Version \d+/)).toBeVisible();
	await expect(main.getByRole("table", { name: "What you are signing for" })).toContainText(
		"Total",
	);
	await shots(page, "contract-terms");
	await expectNoSeriousA11yViolations(page);
	// Signing without a name says so at the field (the button waits for both).
	await main.getByLabel("I agree to sign electronically").check();
	await main.getByLabel("Full Name").fill("  ");
	await expect(main.getByRole("button", { name: "I Agree and Sign" })).toBeDisabled();
	await main.getByLabel("I agree to sign electronically").uncheck();
	await page.reload();
	await sign(page, "Dana Signer");

	// The timeline: signed, with today's date; next, the install day.
	await expect(currentStep(page)).toContainText("Deposit paid");
	await expect(currentStep(page).getByRole("button", { name: "Book Install Day" })).toBeVisible();
	await expect(season(page).getByRole("listitem").nth(1)).toContainText("(completed)");
	await shots(page, "contract-home-signed");

	const text = await downloadContract(page);
	expect(text).toContain("Dana Signer");
	expect(text).toMatch(/Version \d+/);
	expect(text).toMatch(/Total \$\d/);

	// Profile has it too.
	await page.getByRole("link", { name: "Profile" }).click();
	await expect(
		page.getByRole("main").getByRole("link", { name: "Download Contract" }),
	).toBeVisible();
	await shots(page, "contract-profile");

	// The timeline's action opens the booking.
	await page.goto("/app");
	await currentStep(page).getByRole("button", { name: "Book Install Day" }).click();
	await expect(page).toHaveURL(/\/app\/booking$/);
});

test("the owner edits the terms and the next customer signs that version", async ({
	owner,
	customerPage,
}) => {
	test.setTimeout(150_000);
	await owner.goto("/owner/settings");
	const versions = owner.getByRole("main").getByRole("region", { name: "Versions" });
	const terms = owner.getByRole("main").getByLabel("Terms", { exact: true });
	await expect(terms).toHaveValue(/Cancellations/);
	const save = owner.getByRole("button", { name: "Save as New Version" });
	await expect(save).toBeDisabled();
	await terms.fill(
		"## Our agreement\n1. We light your home for the season.\n2. Lights out are fixed free.\n\nRefunds follow our Refund Policy and Terms of Service; the larger refund applies.",
	);
	await save.click();
	await expect(toasts(owner)).toContainText(/Contract terms saved as Version \d+/);
	const version = Number(
		/Version (\d+)/.exec((await toasts(owner).textContent()) ?? "")?.[1] ?? Number.NaN,
	);
	expect(version).toBeGreaterThan(1);
	await expect(versions.getByRole("button", { name: `Show Version ${version}` })).toBeVisible();
	await expect(versions.getByRole("button", { name: `Show Version ${version - 1}` })).toBeVisible();
	await shots(owner, "contract-terms-settings");

	const page = await customerPage();
	const { email } = await approvedCustomer(page, owner, "Evan Second");
	await page.goto("/app");
	await page.getByRole("main").getByRole("button", { name: "Review and Sign Contract" }).click();
	await expect(page.getByRole("main").getByText(`Terms · Version ${version}`)).toBeVisible();
	await expect(
		page.getByRole("main").getByText("We light your home for the season."),
	).toBeVisible();
	await page.reload();
	await sign(page, "Evan Q. Second");
	await expect(page.getByRole("main").getByText(new RegExp(`Version ${version} ·`))).toBeVisible();
	expect(await downloadContract(page)).toContain(`Version ${version}`);

	// The owner's customer page: the same timeline and the contract.
	const found = await owner.request.get(`/api/owner/customers?q=${encodeURIComponent(email)}`);
	const { customers } = (await found.json()) as { customers: { id: string }[] };
	await owner.goto(`/owner/customer/${customers[0]!.id}`);
	const ownerMain = owner.getByRole("main");
	await expect(
		ownerMain.getByRole("list", { name: /^Season / }).locator('[aria-current="step"]'),
	).toContainText("Deposit paid");
	await expect(ownerMain.getByText(/Signed by Evan Q\. Second/)).toBeVisible();
	await expect(ownerMain.getByRole("link", { name: "Download Contract" })).toBeVisible();
	await shots(owner, "contract-owner-customer");
});
