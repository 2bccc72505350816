import sharp from "sharp";
import { expect, signUpViaApi, test, uniqueEmail } from "../support/fixtures.ts";

const SHOTS = process.env.CHAT_SCREENSHOTS ?? "test-results/chat-screenshots";
/** Live means within a second; the margin is for a busy test machine. */
const LIVE = { timeout: 5000 };

const photo = async (color: string) => ({
	name: `${color.slice(1)}.png`,
	mimeType: "image/png",
	buffer: await sharp({ create: { width: 600, height: 400, channels: 3, background: color } })
		.png()
		.toBuffer(),
});

// The refused attachment and the time offline below (one pattern: Playwright reads a second array
// element as the fixture's options).
test.use({
	allowedConsoleErrors: [/status of 400 .*\/api\/chat\/attachments|ERR_INTERNET_DISCONNECTED/],
});

test("a customer and the owner chat live both ways, with photos", async ({
	customerPage,
	ownerPage: owner,
	server,
}) => {
	// Two browsers, a confirmed sign-up, photos both ways and a time offline: more than the default.
	test.setTimeout(90_000);
	const customer = await customerPage(undefined, { viewport: { width: 390, height: 844 } });
	const phone = customer.context();
	await owner.setViewportSize({ width: 1280, height: 800 });
	const name = `Casey ${Date.now().toString(36)}`;
	await signUpViaApi(
		customer,
		{ email: uniqueEmail(), password: "lights-up-2024", displayName: name },
		server,
	);

	// The customer writes first, before any quote: chat is open to every customer.
	await customer.goto("/app");
	const panel = customer.getByRole("log", { name: "Messages" });
	await expect(customer.getByText("No messages yet. Ask us anything")).toBeVisible();
	const box = customer.getByRole("textbox", { name: "Message" });
	await box.fill("   ");
	await expect(customer.getByRole("button", { name: "Send" })).toBeDisabled();
	await box.fill("Hello! Can you light our porch?");
	await box.press("Shift+Enter");
	await box.pressSequentially("And the big pine tree.");
	await box.press("Enter");
	await expect(box).toHaveValue("");
	await expect(
		panel.getByText("Hello! Can you light our porch?\nAnd the big pine tree."),
	).toBeVisible();
	await expect(panel.getByRole("img", { name: "Sent" })).toHaveCount(1);

	// The owner's list shows it with its unread count, and so does the Chat tab.
	await owner.goto("/owner/chat");
	const row = owner.getByRole("link", { name: new RegExp(name) });
	await expect(row).toContainText("Hello! Can you light our porch?");
	await expect(row).toContainText("1 unread");
	const chatTab = owner.getByRole("navigation").getByRole("link", { name: /Chat/ });
	await expect(chatTab).toHaveAccessibleName("Chat, 1 unread");
	await owner.screenshot({ path: `${SHOTS}/owner-list-1280.png`, fullPage: true });
	await owner.setViewportSize({ width: 390, height: 844 });
	await owner.screenshot({ path: `${SHOTS}/owner-list-390.png`, fullPage: true });
	await owner.setViewportSize({ width: 1280, height: 800 });

	// Opening the conversation reads it: the tab's count goes.
	await row.click();
	await expect(owner).toHaveURL(/\/owner\/chat\?customer=[0-9a-f-]{36}$/);
	await expect(owner.getByRole("heading", { name })).toBeVisible();
	const ownerLog = owner.getByRole("log", { name: "Messages" });
	await expect(ownerLog.getByText("And the big pine tree.")).toBeVisible();
	await expect(chatTab).toHaveAccessibleName("Chat", LIVE);

	// The owner answers; the customer's open page shows it without a reload.
	const ownerBox = owner.getByRole("textbox", { name: "Message" });
	await ownerBox.fill("Yes! We can come Tuesday.");
	await ownerBox.press("Enter");
	await expect(panel.getByText("Yes! We can come Tuesday.")).toBeVisible(LIVE);
	await expect(panel.getByText("Olivia Owner")).toBeVisible();

	// A photo each way, with the upload's progress and then the photo inline.
	await owner.getByLabel("Attachment").setInputFiles(await photo("#1d4ed8"));
	await expect(panel.getByRole("img", { name: "1d4ed8.jpg" })).toBeVisible(LIVE);
	await customer.getByLabel("Attachment").setInputFiles(await photo("#dc2626"));
	const theirPhoto = ownerLog.getByRole("img", { name: "dc2626.jpg" });
	await expect(theirPhoto).toBeVisible(LIVE);
	const size = await theirPhoto.boundingBox();
	expect(size!.height).toBeLessThanOrEqual(200.5);
	expect(size!.width / size!.height).toBeCloseTo(1.5, 1);
	await owner.screenshot({ path: `${SHOTS}/owner-conversation-1280.png`, fullPage: true });

	// A file the business does not take: the upload fails with the reason, and can be removed.
	await customer.getByLabel("Attachment").setInputFiles({
		name: "notes.pdf",
		mimeType: "application/pdf",
		buffer: Buffer.from("not really a PDF"),
	});
	await expect(panel.getByText("Upload failed")).toBeVisible();
	await expect(panel.getByText(/attach a JPEG, PNG, WebP or HEIC photo, or a PDF/)).toBeVisible();
	await panel.getByRole("button", { name: "Remove" }).click();
	await expect(panel.getByText("Upload failed")).toHaveCount(0);

	// Offline: the message shows as failed and is retried; what the owner sent meanwhile arrives
	// once the stream reconnects, once.
	await phone.setOffline(true);
	await box.fill("Are you there?");
	await box.press("Enter");
	await expect(panel.getByText("Error sending message")).toBeVisible();
	await ownerBox.fill("We will bring extra clips.");
	await ownerBox.press("Enter");
	await expect(ownerLog.getByText("We will bring extra clips.")).toBeVisible();
	await phone.setOffline(false);
	await panel.getByRole("button", { name: "Retry" }).click();
	await expect(panel.getByText("Are you there?")).toBeVisible();
	await expect(panel.getByText("Error sending message")).toHaveCount(0);
	await expect(panel.getByText("We will bring extra clips.")).toHaveCount(1, { timeout: 15_000 });
	await expect(ownerLog.getByText("Are you there?")).toHaveCount(1, LIVE);

	// The customer's reply arrives live in the owner's list too.
	await owner.goto("/owner/chat");
	await box.fill("Thank you!");
	await box.press("Enter");
	await expect(owner.getByRole("link", { name: new RegExp(name) })).toContainText(
		"Thank you!",
		LIVE,
	);
	await expect(chatTab).toHaveAccessibleName("Chat, 1 unread", LIVE);

	await expect(panel.getByText("Today")).toBeVisible();
	await customer.screenshot({ path: `${SHOTS}/customer-panel-390.png`, fullPage: true });
	await customer.setViewportSize({ width: 1280, height: 900 });
	await customer.screenshot({ path: `${SHOTS}/customer-panel-1280.png`, fullPage: true });
});
