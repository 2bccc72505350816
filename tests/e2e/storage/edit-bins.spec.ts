import { invitedCrew } from "../support/crew.ts";
import { approvedCustomer, customerIdOf } from "../support/customers.ts";
import { expect, test } from "../support/fixtures.ts";

// The shelf the place does not have: the server refuses it, as it should.
test.use({ allowedConsoleErrors: [/status of 400 .*\/api\/owner\/bins\//] });

test("the owner edits a bin, a bad field refused on its own; the owner's page and the customer's home follow a crew's move without a reload", async ({
	ownerPage: owner,
	customerPage,
	newPage,
}) => {
	const customer = await customerPage();
	const { email } = await approvedCustomer(customer, owner, "Robin Totes");
	const customerId = await customerIdOf(owner, email);
	// A place of its own: location names are the business's, shared by every test.
	const rack = `Loft ${crypto.randomUUID().slice(0, 8)}`;
	const location = await owner.request.post("/api/owner/storage/locations", {
		data: { name: rack, shelves: 4 },
	});
	expect(location.status(), await location.text()).toBe(200);
	const added = await owner.request.post(`/api/owner/customers/${customerId}/bins`, {
		data: { contents: "Roofline C9, 120 ft" },
	});
	expect(added.status(), await added.text()).toBe(201);
	const { code } = (await added.json()) as { code: string };

	const crew = await newPage();
	await invitedCrew(owner, crew, "Kit Crew");

	// Three screens open at once: the crew's bin page, the customer's home, the owner's Storage tab.
	await crew.goto(`/bins/${code}`);
	await expect(crew.getByText("Roofline C9, 120 ft")).toBeVisible();
	await customer.goto("/app");
	await expect(customer.getByText("1 bin, stored safely.")).toBeVisible();
	await owner.goto(`/owner/customer/${customerId}?tab=storage`);
	const item = owner.getByRole("listitem", { name: code });
	await expect(item).toContainText("Roofline C9, 120 ft");

	// Edit: an empty "What it holds" is refused on its field and changes nothing.
	await item.getByRole("button", { name: `Edit ${code}` }).click();
	const form = owner.getByRole("form", { name: `Edit ${code}` });
	await form.getByLabel("What it holds").fill(" ");
	await form.getByRole("button", { name: "Save Bin" }).click();
	await expect(form.getByText("Please say what the bin holds")).toBeVisible();
	await expect(form.getByLabel("What it holds")).toHaveAttribute("aria-invalid", "true");
	// A shelf the place does not have is refused on the shelf, by the server.
	await form.getByLabel("What it holds").fill("Roofline C9, 160 ft; 3 wreaths");
	await form.getByLabel("Location").selectOption({ label: rack });
	await form.getByLabel("Shelf").fill("9");
	await form.getByRole("button", { name: "Save Bin" }).click();
	await expect(form.getByText(`${rack} has shelves 1 to 4`)).toBeVisible();
	const unchanged = await owner.request.get(`/api/crew/bins/${code}`);
	expect(await unchanged.json()).toMatchObject({ contents: "Roofline C9, 120 ft", location: null });
	await form.getByLabel("Shelf").fill("3");
	await form.getByRole("button", { name: "Save Bin" }).click();
	await expect(form).toHaveCount(0);
	await expect(item).toContainText("Roofline C9, 160 ft; 3 wreaths");
	await expect(item).toContainText(`${rack}, shelf 3`);
	await crew.reload();
	await expect(crew.getByText("Roofline C9, 160 ft; 3 wreaths")).toBeVisible();
	await expect(crew.getByText(`${rack}, shelf 3`).first()).toBeVisible();

	// The crew pulls the bin: the owner's list and the customer's home change where they stand.
	await crew.getByRole("button", { name: "Pull" }).click();
	await expect(item).toContainText("Pulled");
	await expect(customer.getByText("1 bin, out for the season.")).toBeVisible();
});
