import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { chromiumLaunch } from "../../../playwright.config.ts";
import { invitedCrew } from "../support/crew.ts";
import { approvedCustomer, customerIdOf } from "../support/customers.ts";
import { expect, OWNER, type Page, test } from "../support/fixtures.ts";

const SHOTS = process.env.SHOTS_DIR;

/** The camera's video: a file Chromium plays as its fake camera, written before it is opened. */
const CAMERA = join(tmpdir(), `bin-label-${process.pid}.y4m`);

test.use({
	launchOptions: {
		...chromiumLaunch,
		args: [
			...chromiumLaunch.args,
			"--use-fake-ui-for-media-stream",
			"--use-fake-device-for-media-stream",
			`--use-file-for-fake-video-capture=${CAMERA}`,
		],
	},
});

/**
 * A y4m video (YUV 4:2:0) of the label's QR code, as the server drew it, held in front of the
 * camera: 640 × 480, the code 360 px wide on white, grey chroma.
 */
async function writeCameraVideo(qrSvg: string) {
	const [width, height, size] = [640, 480, 360];
	const qr = await sharp(Buffer.from(qrSvg))
		.resize(size, size, { kernel: "nearest" })
		.png()
		.toBuffer();
	const luma = await sharp({
		create: { width, height, channels: 3, background: "#ffffff" },
	})
		.composite([{ input: qr, left: (width - size) / 2, top: (height - size) / 2 }])
		.greyscale()
		.raw()
		.toBuffer();
	const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
	const frame = Buffer.concat([
		Buffer.from("FRAME\n"),
		luma.subarray(0, width * height),
		chroma,
		chroma,
	]);
	const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`);
	writeFileSync(CAMERA, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

/** With SHOTS_DIR set, a screenshot of `target` (or the page) at 390 and 1280 px. */
async function shots(
	page: Page,
	name: string,
	target?: (page: Page) => ReturnType<Page["locator"]>,
) {
	if (!SHOTS) return;
	mkdirSync(SHOTS, { recursive: true });
	const size = page.viewportSize();
	for (const width of [390, 1280]) {
		await page.setViewportSize({ width, height: 844 });
		await page.waitForTimeout(300);
		const path = `${SHOTS}/${name}-${width}.png`;
		if (target) await target(page).screenshot({ path });
		else await page.screenshot({ path, fullPage: true });
	}
	if (size) await page.setViewportSize(size);
}

test("the owner labels a customer's bins; a crew member's phone reads a label from the camera through the season's states; an offline scan waits; the customer sees Stored", async ({
	ownerPage: owner,
	customerPage,
	newPage,
}) => {
	test.setTimeout(240_000);
	const customer = await customerPage();
	const { email } = await approvedCustomer(customer, owner, "Casey Storage");
	const customerId = await customerIdOf(owner, email);

	// Settings → Storage: a rack with five shelves.
	await owner.goto("/owner/settings");
	await owner.getByLabel("Location name").fill("Rack A");
	await owner.getByLabel("Shelves", { exact: true }).fill("5");
	await owner.getByRole("button", { name: "Add Location" }).click();
	const locations = owner.getByRole("list", { name: "Storage locations" });
	await expect(locations).toContainText("Rack A");
	await expect(
		owner.getByRole("list", { name: "Shelves of Rack A" }).getByRole("listitem"),
	).toHaveCount(5);
	await shots(owner, "settings-storage", (p) =>
		p.locator('[data-slot="card"]', { has: p.getByText("Add Location") }),
	);

	// The customer's Storage tab: two bins, then Print Labels.
	await owner.goto(`/owner/customer/${customerId}?tab=storage`);
	await expect(owner.getByText("No bins yet.")).toBeVisible();
	for (const [contents, shelf] of [
		["House outline C9, 180 ft; 2 wreaths", "2"],
		["Tree wraps, 6 strands; timer", "2"],
	] as const) {
		await owner.getByLabel("What it holds").fill(contents);
		await owner.getByLabel("Location").selectOption({ label: "Rack A" });
		await owner.getByLabel("Shelf", { exact: true }).fill(shelf);
		await owner.getByRole("button", { name: "Add Bin" }).click();
		await expect(owner.getByRole("list", { name: "Bins" })).toContainText(contents);
		// The form empties once the add is done; typing before then would be cleared.
		await expect(owner.getByLabel("What it holds")).toHaveValue("");
	}
	const labels = (await (
		await owner.request.get(`/api/owner/customers/${customerId}/bin-labels`)
	).json()) as { labels: { code: string; qrSvg: string }[] };
	const [first, second] = labels.labels.map((l) => l.code);
	await expect(owner.getByRole("list", { name: "Bins" })).toContainText(first!);
	await shots(owner, "customer-bins");

	await owner.getByRole("link", { name: "Print Labels" }).click();
	await expect(owner.getByRole("article")).toHaveCount(2);
	await expect(owner.getByRole("article").first()).toContainText("Casey Storage");
	await expect(owner.getByRole("article").first()).toContainText("410 Maple St");
	await owner.emulateMedia({ media: "print" });
	const pdf = await owner.pdf({ preferCSSPageSize: true, printBackground: true });
	await owner.emulateMedia({ media: "screen" });
	if (SHOTS) writeFileSync(`${SHOTS}/labels.pdf`, pdf);
	expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
	// One US Letter page (612 × 792 points) for two labels.
	expect(pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
	expect(pdf.toString("latin1")).toMatch(/MediaBox\s*\[0 0 612 792\]/);

	// A crew member, invited by the owner, on a phone.
	const crew = await newPage();
	await invitedCrew(owner, crew, "Chris Crew");

	// Scan Bins, the camera held on the first bin's label.
	await writeCameraVideo(labels.labels[0]!.qrSvg);
	await crew.addInitScript(() => {
		document.addEventListener(
			"playing",
			(event) => {
				const w = window as unknown as { firstFrameAt?: number };
				if (event.target instanceof HTMLVideoElement && w.firstFrameAt === undefined)
					w.firstFrameAt = performance.now();
			},
			true,
		);
	});
	await crew.goto("/crew/scan");
	const result = crew.getByRole("status").filter({ hasText: first! });
	await expect(result).toContainText("Casey Storage", { timeout: 20_000 });
	await expect(result).toContainText("Pulled");
	// From the first frame the camera played to the scan sent with the code read from it.
	const frameToCode = await crew.evaluate(() => {
		const sent = performance
			.getEntriesByType("resource")
			.find((e) => e.name.includes("/api/crew/bins/scans"));
		return sent
			? sent.startTime - (window as unknown as { firstFrameAt: number }).firstFrameAt
			: -1;
	});
	console.log(`frame to code: ${frameToCode.toFixed(0)} ms`);
	expect(frameToCode).toBeGreaterThan(0);
	await shots(crew, "scan-pulled");

	await crew.getByRole("button", { name: "Load the truck" }).click();
	await expect(result).toContainText("Loaded", { timeout: 15_000 });
	// The customer's other bin was never pulled: loading warns.
	await expect(result).toContainText(
		`Not all of Casey Storage's bins are pulled: ${second} (Stored)`,
	);
	await shots(crew, "scan-loaded-warning");
	await crew.getByRole("button", { name: "At the house" }).click();
	await expect(result).toContainText("At House", { timeout: 15_000 });
	await crew.getByRole("button", { name: "Returned" }).click();
	await expect(result).toContainText("Returned", { timeout: 15_000 });
	// Storing: the place is chosen with the camera off, then the label is read.
	await crew.getByRole("button", { name: "Stop Camera" }).click();
	await crew.getByRole("button", { name: "Store at a location" }).click();
	await crew.getByLabel("Location").selectOption({ label: "Rack A" });
	await crew.getByLabel("Shelf").selectOption({ label: "Shelf 3" });
	await crew.getByRole("button", { name: "Start Camera" }).click();
	await expect(result).toContainText("Stored", { timeout: 15_000 });

	// Offline: a typed code waits on the phone, then counts once when the network returns.
	await crew.getByRole("button", { name: "Stop Camera" }).click();
	await crew.getByRole("button", { name: "Pull for the route" }).click();
	await crew.context().setOffline(true);
	await crew.getByLabel("Bin code").fill(second!.toLowerCase());
	await crew.getByRole("button", { name: "Enter", exact: true }).click();
	await expect(crew.getByText("1 scan is saved on this phone")).toBeVisible();
	await crew.context().setOffline(false);
	await expect(crew.getByRole("status").filter({ hasText: second! })).toContainText("Pulled", {
		timeout: 15_000,
	});
	await expect(crew.getByText("1 scan is saved on this phone")).toHaveCount(0);

	// The bin page: its history, in order; Missing shows on the dashboard; found, it is stored.
	await owner.goto(`/bins/${first}`);
	await expect(owner.getByRole("heading", { name: "Casey Storage" })).toBeVisible();
	await expect(owner.getByText("Returned → Stored · Rack A, shelf 3")).toBeVisible();
	await expect(owner.getByText(/^Chris Crew ·/)).toHaveCount(5);
	await shots(owner, "bin-page");
	await owner.goto(`/bins/${second}`);
	await expect(owner.getByText("Stored → Pulled")).toBeVisible();
	await expect(owner.getByText("Stored → Pulled")).toHaveCount(1);
	await owner.getByRole("button", { name: "Mark Missing" }).click();
	await expect(owner.getByText("Pulled → Missing")).toBeVisible();
	await owner.goto("/owner");
	const toFind = owner.getByRole("list", { name: "Bins to find" });
	await expect(toFind).toContainText(second!);
	await expect(toFind).toContainText("Missing");
	await shots(owner, "dashboard-bins-to-find", (p) =>
		p.locator('[data-slot="card"]', { has: p.getByText("Bins to Find") }),
	);
	await owner.goto(`/bins/${second}`);
	await owner.getByRole("button", { name: "Store…" }).click();
	await owner.getByLabel("Location").selectOption({ label: "Rack A" });
	await owner.getByRole("button", { name: "Store Here" }).click();
	await expect(owner.getByText("Missing → Stored · Rack A")).toBeVisible();

	// After the takedown, every bin stored: the customer's season shows Stored, without shelves.
	const progress = await owner.request.patch(`/api/owner/customers/${customerId}/progress`, {
		data: { installCompleted: true, takedownCompleted: true },
	});
	expect(progress.status(), await progress.text()).toBe(200);
	await customer.goto("/app");
	await expect(customer.getByText("Your lights are stored safely: 2 bins, Rack A")).toBeVisible();
	await expect(customer.getByText("2 bins, all stored safely.")).toBeVisible();
	await expect(customer.getByRole("main")).not.toContainText("shelf");
	await shots(customer, "customer-stored");

	// A visitor who scans a label signs in first, then sees the bin; a customer sees nothing.
	const visitor = await newPage();
	await visitor.goto(`/bins/${first}`);
	await expect(visitor).toHaveURL(/\/auth\?next=/);
	await expect(visitor.getByRole("main")).not.toContainText("Casey");
	await customer.goto(`/bins/${first}`);
	await expect(customer).toHaveURL(/\/app$/);
	await visitor.getByLabel("Email Address").fill(OWNER.email);
	await visitor.getByLabel("Password").fill(OWNER.password);
	await visitor.getByRole("button", { name: "Sign In" }).click();
	await expect(visitor).toHaveURL(new RegExp(`/bins/${first}$`));
	await expect(visitor.getByRole("heading", { name: "Casey Storage" })).toBeVisible();
});
