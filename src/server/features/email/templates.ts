import type { BusinessProfile } from "../../../shared/business.ts";
import { formatCents } from "../../../shared/money.ts";
import type { EmailMessage } from "./email.service.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain message with one call to action, in text and simple HTML. */
function layout(options: {
	to: string;
	subject: string;
	business: BusinessProfile;
	greeting: string;
	paragraphs: string[];
	action?: { label: string; url: string };
}): EmailMessage {
	const { business, action } = options;
	const footer = `${business.businessName} · ${business.phone} · ${business.email}`;
	const text = [
		options.greeting,
		"",
		...options.paragraphs.flatMap((p) => [p, ""]),
		...(action ? [`${action.label}: ${action.url}`, ""] : []),
		"—",
		footer,
	].join("\n");
	const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(options.greeting)}</p>
${options.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#b91c1c;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#6b7280">Or open this link: ${escapeHtml(action.url)}</p>` : ""}
<p style="font-size:13px;color:#6b7280">${escapeHtml(footer)}</p>
</body></html>`;
	return { to: options.to, subject: options.subject, text, html };
}

export function passwordResetEmail(options: {
	to: string;
	name: string;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	return layout({
		to: options.to,
		subject: `Reset your ${options.business.businessName} password`,
		business: options.business,
		greeting: `Hi ${options.name},`,
		paragraphs: [
			"We received a request to reset your password. The link below works once and expires in one hour.",
			"If you did not ask for this, you can ignore this e-mail; your password stays the same.",
		],
		action: { label: "Reset password", url: options.url },
	});
}

export function ownerInviteEmail(options: {
	to: string;
	invitedBy: string;
	code: string;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	return layout({
		to: options.to,
		subject: `You're invited to manage ${options.business.businessName}`,
		business: options.business,
		greeting: "Hello,",
		paragraphs: [
			`${options.invitedBy} invited you to join ${options.business.businessName} as a Business Owner.`,
			`Sign up with this e-mail address and the invitation code ${options.code}. The code works once and expires in 7 days.`,
		],
		action: { label: "Accept invitation", url: options.url },
	});
}

export function quoteDecisionEmail(options: {
	to: string;
	name: string;
	decision: "approved" | "revised";
	amountCents: number;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	const amount = formatCents(options.amountCents);
	const approved = options.decision === "approved";
	return layout({
		to: options.to,
		subject: approved
			? `Your holiday lighting quote is approved`
			: `Your holiday lighting quote was updated: ${amount}`,
		business: options.business,
		greeting: `Hi ${options.name},`,
		paragraphs: approved
			? [
					`Good news: your quote is approved for ${amount}. Your bill is ready in the app, and you can review and sign your contract there.`,
				]
			: [
					`We reviewed your request and updated the price to ${amount}. Open the app to see the details and accept or decline it.`,
				],
		action: { label: "Open the app", url: options.url },
	});
}
