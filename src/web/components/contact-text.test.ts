import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
	BUSINESS_SLOTS,
	contactMarkup,
	emailPieces,
	fillBusinessSlots,
	PRERENDER_PROFILE,
	phoneGroups,
} from "../../shared/business-slots.ts";
import { EmailText, PhoneText } from "./contact-text.tsx";

const EMAIL = "appointments.and.questions@buckeye-holiday-lights.example";
const PHONE = "+1 (330) 555-0199 ext. 12";

describe("e-mail addresses and phone numbers as text", () => {
	it("break an address only after its @ and before its dots, a phone number only at its spaces", () => {
		expect(emailPieces(EMAIL)).toEqual([
			"appointments",
			".and",
			".questions@",
			"buckeye-holiday-lights",
			".example",
		]);
		expect(emailPieces("hello@x.com").join("")).toBe("hello@x.com");
		expect(phoneGroups(` ${PHONE} `)).toEqual(["+1", "(330)", "555-0199", "ext.", "12"]);
	});

	it("render the markup the server fills a prerendered page's slots with, so the page hydrates", () => {
		expect(renderToStaticMarkup(createElement(EmailText, { email: EMAIL }))).toBe(
			`<span data-slot="email" class="wrap-anywhere">${contactMarkup("email", EMAIL)}</span>`,
		);
		expect(renderToStaticMarkup(createElement(PhoneText, { phone: PHONE }))).toBe(
			`<span data-slot="phone">${contactMarkup("phone", PHONE)}</span>`,
		);
		// Built with the slots, then filled with the saved profile: what the browser renders.
		const built = renderToStaticMarkup(
			createElement("p", null, [
				createElement(EmailText, { key: "e", email: PRERENDER_PROFILE.email }),
				createElement(PhoneText, { key: "p", phone: PRERENDER_PROFILE.phone }),
			]),
		);
		expect(built).toContain(BUSINESS_SLOTS.emailText);
		const profile = { ...PRERENDER_PROFILE, email: EMAIL, phone: PHONE };
		expect(fillBusinessSlots(built, profile)).toBe(
			renderToStaticMarkup(
				createElement("p", null, [
					createElement(EmailText, { key: "e", email: EMAIL }),
					createElement(PhoneText, { key: "p", phone: PHONE }),
				]),
			),
		);
	});

	it("escape what they fill in", () => {
		expect(contactMarkup("email", `o'neil<b>@x.com`)).toBe(
			"o&#x27;neil&lt;b&gt;@<wbr/>x<wbr/>.com",
		);
		expect(contactMarkup("phone", "<1> 2")).toBe(
			'<span class="whitespace-nowrap">&lt;1&gt;</span> <span class="whitespace-nowrap">2</span>',
		);
	});
});
