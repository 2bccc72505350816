import type { BusinessProfile } from "../../../shared/business.ts";
import { businessDate, formatDate } from "../../../shared/dates.ts";
import { formatCents } from "../../../shared/money.ts";
import type { QuoteSource, QuoteStatus } from "../../../shared/quotes.ts";
import {
	REQUEST_TYPE_LABELS,
	type RequestPriority,
	type RequestStatus,
	type RequestType,
} from "../../../shared/requests.ts";
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
${options.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("\n")}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#b91c1c;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#6b7280">Or open this link: ${escapeHtml(action.url)}</p>` : ""}
<p style="font-size:13px;color:#6b7280">${escapeHtml(footer)}</p>
</body></html>`;
	return { to: options.to, subject: options.subject, text, html };
}

/**
 * The greeting of a message to a customer. `name` is null when the address is not confirmed: a
 * name someone typed never goes to an address that has not shown it wants our mail.
 */
const hello = (name: string | null) => (name ? `Hi ${name},` : "Hello,");

/** The name to greet a person by: theirs once their address is confirmed, else none. */
export const recipientName = (person: { name: string; emailVerified: boolean }) =>
	person.emailVerified ? person.name : null;

/** The link that confirms a new account's address; never names the account (it is unconfirmed). */
export function emailConfirmationEmail(options: {
	to: string;
	url: string;
	hours: number;
	business: BusinessProfile;
}): EmailMessage {
	return layout({
		to: options.to,
		subject: `Confirm your e-mail address for ${options.business.businessName}`,
		business: options.business,
		greeting: "Hello,",
		paragraphs: [
			`Please confirm that this is your e-mail address, so you can chat with us and send photos in the ${options.business.businessName} app. The link works for ${options.hours} hours.`,
			"If you did not create an account, you can ignore this e-mail.",
		],
		action: { label: "Confirm e-mail address", url: options.url },
	});
}

export function passwordResetEmail(options: {
	to: string;
	/** Null when the address is not confirmed. */
	name: string | null;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	return layout({
		to: options.to,
		subject: `Reset your ${options.business.businessName} password`,
		business: options.business,
		greeting: hello(options.name),
		paragraphs: [
			"We received a request to reset your password. The link below works once and expires in one hour.",
			"If you did not ask for this, you can ignore this e-mail; your password stays the same.",
		],
		action: { label: "Reset password", url: options.url },
	});
}

/** To an account holder whose sign-in was refused for a while after several wrong passwords. */
export function failedSignInsEmail(options: {
	to: string;
	name: string | null;
	failures: number;
	minutes: number;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	return layout({
		to: options.to,
		subject: `Several failed sign-ins to your ${options.business.businessName} account`,
		business: options.business,
		greeting: hello(options.name),
		paragraphs: [
			`Someone entered a wrong password for your account ${options.failures} times in a row, so we have paused sign-ins with a password for up to ${options.minutes} minutes. Your account and your password are unchanged.`,
			'If it was you, wait a few minutes and try again, or choose "Forgot your password?" on the sign-in page: the e-mailed link works at once, and you can sign in with your new password right away.',
			"If it was not you, nobody got in. You may still choose a new, longer password the same way. We will not e-mail you about failed sign-ins again today.",
		],
		action: { label: "Open the sign-in page", url: options.url },
	});
}

/** Greets without a name: the address is not confirmed until the password is set from it. */
export function customerInviteEmail(options: {
	to: string;
	amountCents: number;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	return layout({
		to: options.to,
		subject: `Your ${options.business.businessName} account is ready`,
		business: options.business,
		greeting: "Hello,",
		paragraphs: [
			`Thank you for choosing ${options.business.businessName}! Your quote of ${formatCents(options.amountCents)} is approved and we created your account.`,
			"Set a password with the link below to see your quote, sign your contract, pay your bill and chat with us. The link works once and expires in 7 days; after that, use 'Forgot password' on the sign-in page with this e-mail address.",
		],
		action: { label: "Set your password", url: options.url },
	});
}

/** A customer the owner signed up: where to sign in, never the password the owner chose. */
export function customerWelcomeEmail(options: {
	to: string;
	name: string;
	amountCents: number;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	return layout({
		to: options.to,
		subject: `Welcome to ${options.business.businessName}`,
		business: options.business,
		greeting: `Hi ${options.name},`,
		paragraphs: [
			`Thank you for choosing ${options.business.businessName}! We created your account with your approved quote of ${formatCents(options.amountCents)}.`,
			`Sign in with this e-mail address and the password we set up with you to see your quote, sign your contract, pay your bill and chat with us. Forgot it? Use 'Forgot password' on the sign-in page.`,
		],
		action: { label: "Sign in", url: options.url },
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

export function crewInviteEmail(options: {
	to: string;
	invitedBy: string;
	code: string;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	return layout({
		to: options.to,
		subject: `You're invited to the ${options.business.businessName} crew`,
		business: options.business,
		greeting: "Hello,",
		paragraphs: [
			`${options.invitedBy} invited you to join the ${options.business.businessName} crew: your install days, each house's address and what it needs, on your phone.`,
			`Sign up with this e-mail address and the invitation code ${options.code}. The code works once and expires in 7 days.`,
		],
		action: { label: "Join the crew", url: options.url },
	});
}

export function quoteDecisionEmail(options: {
	to: string;
	/** Null when the address is not confirmed. */
	name: string | null;
	decision: Extract<QuoteStatus, "approved" | "revised">;
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
		greeting: hello(options.name),
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

/**
 * A website visitor's revised quote: they have no account, so the new price, the owner's notes and
 * how to reach the business, to confirm it with the owner (decision 023).
 */
export function websiteQuoteRevisedEmail(options: {
	to: string;
	amountCents: number;
	notes: string | null;
	business: BusinessProfile;
}): EmailMessage {
	const amount = formatCents(options.amountCents);
	const { business } = options;
	return layout({
		to: options.to,
		subject: `Your holiday lighting quote was updated: ${amount}`,
		business,
		greeting: hello(null),
		paragraphs: [
			`Thank you for requesting a quote on our website. We reviewed your request and updated the price to ${amount}.`,
			...(options.notes ? [`Our notes:\n${options.notes}`] : []),
			`To go ahead, or with any question, reply to this e-mail or call us at ${business.phone}. Once you confirm, we set up your account to follow your installation, sign your contract and pay online.`,
		],
	});
}

/** One line of a header-safe subject: no line breaks, no runs of spaces. */
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

/** The business's notice of a contact-form message. */
export function newLeadEmail(options: {
	business: BusinessProfile;
	lead: {
		fullName: string;
		email: string;
		phone: string | null;
		city: string | null;
		message: string | null;
	};
}): EmailMessage {
	const { lead } = options;
	return layout({
		to: options.business.email,
		subject: `New message from ${oneLine(lead.fullName)}`,
		business: options.business,
		greeting: "Hello,",
		paragraphs: [
			`${lead.fullName} sent a message through the contact form on the website.`,
			[
				`Name: ${lead.fullName}`,
				`E-mail: ${lead.email}`,
				`Phone: ${lead.phone ?? "not given"}`,
				`City: ${lead.city ?? "not given"}`,
			].join("\n"),
			lead.message ? `Message:\n${lead.message}` : "No message was written.",
			"Reply to them directly at the e-mail address or phone number above.",
		],
	});
}

/** The business's notice of a quote request from the public quote page. */
export function newQuoteRequestEmail(options: {
	business: BusinessProfile;
	url: string;
	request: {
		/** Where the request came from: the customer app or the public website. */
		source: QuoteSource;
		name: string;
		email: string;
		phone: string | null;
		address: string;
		city: string | null;
		state: string | null;
		zipCode: string | null;
		lines: { name: string; quantity: number; unitPriceCents: number }[];
		totalEstimateCents: number;
		instantQuote: { lowCents: number; highCents: number; complexity: string } | null;
		travelNote: string;
		notes: string | null;
		photoCount: number;
	};
}): EmailMessage {
	const { request } = options;
	const place = [
		request.address,
		request.city,
		[request.state, request.zipCode].filter(Boolean).join(" "),
	]
		.filter(Boolean)
		.join(", ");
	const total = formatCents(request.totalEstimateCents);
	return layout({
		to: options.business.email,
		subject: `New quote request from ${oneLine(request.name)}: ${total}`,
		business: options.business,
		greeting: "Hello,",
		paragraphs: [
			`${request.name} asked for a quote ${request.source === "app" ? "in the customer app" : "on the website"}.`,
			[
				`Name: ${request.name}`,
				`E-mail: ${request.email}`,
				`Phone: ${request.phone ?? "not given"}`,
				`Property: ${place}`,
			].join("\n"),
			`Services:\n${request.lines
				.map((l) => `${l.quantity} × ${l.name} at ${formatCents(l.unitPriceCents)}`)
				.join("\n")}`,
			request.instantQuote
				? `Instant quote shown: ${total} (range ${formatCents(request.instantQuote.lowCents)} to ${formatCents(request.instantQuote.highCents)}, ${request.instantQuote.complexity} complexity).`
				: `Estimated total (catalogue prices, no instant quote requested): ${total}.`,
			request.travelNote,
			request.notes ? `Notes:\n${request.notes}` : "No notes were added.",
			photosAttached(request.photoCount),
		],
		action: { label: "Review quote requests", url: options.url },
	});
}

const photosAttached = (count: number) =>
	count === 1
		? "1 photo is attached to the request."
		: `${count} photos are attached to the request.`;

/** The business's notice of a new service request; Urgent ones say so first in the subject. */
export function newServiceRequestEmail(options: {
	business: BusinessProfile;
	url: string;
	request: {
		type: RequestType;
		priority: RequestPriority;
		details: string | null;
		colorScheme: string | null;
		customColors: string | null;
		photoCount: number;
		/** Added by the owner for the customer rather than sent by the customer. */
		addedByOwner: boolean;
	};
	customer: {
		name: string;
		email: string;
		phone: string | null;
		address: string | null;
		idNumber: number | null;
	};
}): EmailMessage {
	const { request, customer } = options;
	const type = REQUEST_TYPE_LABELS[request.type];
	const urgent = request.priority === "Urgent";
	const colors = request.colorScheme
		? `Colors: ${request.colorScheme}${request.customColors ? ` (${request.customColors})` : ""}`
		: null;
	return layout({
		to: options.business.email,
		subject: `${urgent ? "Urgent: " : ""}New service request from ${oneLine(customer.name)}: ${type}`,
		business: options.business,
		greeting: "Hello,",
		paragraphs: [
			request.addedByOwner
				? `${urgent ? "An Urgent" : "A Normal"} priority ${type} request was added for ${customer.name}.`
				: `${customer.name} sent ${urgent ? "an Urgent" : "a Normal"} priority ${type} request in the customer app.`,
			[
				`Customer: ${customer.name}${customer.idNumber ? ` (#${customer.idNumber})` : ""}`,
				`E-mail: ${customer.email}`,
				`Phone: ${customer.phone ?? "not given"}`,
				`Address: ${customer.address ?? "not given"}`,
				...(colors ? [colors] : []),
			].join("\n"),
			request.details ? `Details:\n${request.details}` : "No details were added.",
			photosAttached(request.photoCount),
		],
		action: { label: "Open service requests", url: options.url },
	});
}

/** The customer's notice that their request was resolved or cancelled. */
export function serviceRequestClosedEmail(options: {
	to: string;
	/** Null when the address is not confirmed. */
	name: string | null;
	type: RequestType;
	status: Extract<RequestStatus, "resolved" | "cancelled">;
	cancelledByCustomer: boolean;
	feeRemoved: boolean;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	const type = REQUEST_TYPE_LABELS[options.type];
	const resolved = options.status === "resolved";
	return layout({
		to: options.to,
		subject: resolved ? `Your ${type} request is complete` : `Your ${type} request was cancelled`,
		business: options.business,
		greeting: hello(options.name),
		paragraphs: [
			resolved
				? `Good news: we completed your ${type} request. Enjoy the lights!`
				: options.cancelledByCustomer
					? `As you asked, your ${type} request is cancelled.`
					: `Your ${type} request was cancelled. If you still need help, send a new request or chat with us in the app.`,
			...(options.feeRemoved ? ["Its color change fee was removed from your bills."] : []),
		],
		action: { label: "See your requests", url: options.url },
	});
}

const cardLine = (card: { cardBrand: string | null; cardLast4: string | null }) =>
	card.cardLast4
		? `${card.cardBrand ? card.cardBrand[0]!.toUpperCase() + card.cardBrand.slice(1) : "Card"} ending in ${card.cardLast4}`
		: "Card";

/** The customer's receipt for a card payment. */
export function paymentReceiptEmail(options: {
	to: string;
	/** Null when the address is not confirmed. */
	name: string | null;
	description: string;
	amountCents: number;
	receiptNumber: string;
	paidAt: Date;
	card: { cardBrand: string | null; cardLast4: string | null };
	testMode: boolean;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	return layout({
		to: options.to,
		subject: `Receipt ${options.receiptNumber}: ${formatCents(options.amountCents)} paid${options.testMode ? " (test mode)" : ""}`,
		business: options.business,
		greeting: hello(options.name),
		paragraphs: [
			`Thank you! We received your payment of ${formatCents(options.amountCents)}.`,
			[
				`Receipt: ${options.receiptNumber}`,
				`For: ${options.description}`,
				`Amount: ${formatCents(options.amountCents)}`,
				`Paid with: ${cardLine(options.card)}`,
				`Date: ${formatDate(businessDate(options.paidAt))}`,
			].join("\n"),
			...(options.testMode ? ["This payment was made in test mode: no card was charged."] : []),
		],
		action: { label: "See your bills", url: options.url },
	});
}

/** The business's notice of a card payment. */
export function paymentReceivedEmail(options: {
	customerName: string;
	description: string;
	amountCents: number;
	card: { cardBrand: string | null; cardLast4: string | null };
	testMode: boolean;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	return layout({
		to: options.business.email,
		subject: `Payment received from ${oneLine(options.customerName)}: ${formatCents(options.amountCents)}${options.testMode ? " (test mode)" : ""}`,
		business: options.business,
		greeting: "Hello,",
		paragraphs: [
			`${options.customerName} paid ${formatCents(options.amountCents)} for ${options.description} (${cardLine(options.card)}).`,
			...(options.testMode ? ["Test mode: no card was charged."] : []),
		],
		action: { label: "Open the customer", url: options.url },
	});
}

/** The customer's notice of a refund. */
export function refundEmail(options: {
	to: string;
	/** Null when the address is not confirmed. */
	name: string | null;
	description: string;
	amountCents: number;
	reason: string;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	return layout({
		to: options.to,
		subject: `Refund of ${formatCents(options.amountCents)}`,
		business: options.business,
		greeting: hello(options.name),
		paragraphs: [
			`We refunded ${formatCents(options.amountCents)} of your payment for ${options.description}.`,
			`Reason: ${options.reason}`,
			"Card refunds usually appear on your statement in 3-5 business days.",
		],
		action: { label: "See your bills", url: options.url },
	});
}

type BookingNoticeKind = "confirmed" | "moved" | "cancelled" | "needs_new_day";

const bookingLine = (options: {
	who: string;
	what: string;
	notice: BookingNoticeKind;
	day: string;
	fromDay?: string;
}) => {
	const { who, what, day } = options;
	switch (options.notice) {
		case "confirmed":
			return `${who} ${what} is booked for ${day}.`;
		case "moved":
			return `${who} ${what} moved${options.fromDay ? ` from ${options.fromDay}` : ""} to ${day}.`;
		case "cancelled":
			return `${who} ${what} on ${day} is cancelled.`;
		case "needs_new_day":
			return `The deposit for ${who.toLowerCase()} ${what} on ${day} arrived after the hold ran out and the day filled up: a new day is needed. The deposit is kept.`;
	}
};

const bookingSubject: Record<BookingNoticeKind, string> = {
	confirmed: "booked",
	moved: "moved",
	cancelled: "cancelled",
	needs_new_day: "needs a new day",
};

/** To the customer: their install or takedown day was booked, moved or cancelled. */
export function bookingCustomerEmail(options: {
	to: string;
	/** The calendar invitation. */
	attachments?: EmailMessage["attachments"];
	name: string | null;
	what: string;
	notice: BookingNoticeKind;
	day: string;
	fromDay?: string;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	const what = options.what === "install" ? "Install" : "Takedown";
	const message = layout({
		to: options.to,
		subject: `${what} ${bookingSubject[options.notice]}: ${options.day}`,
		business: options.business,
		greeting: hello(options.name),
		paragraphs: [
			bookingLine({ ...options, who: "Your" }),
			options.notice === "needs_new_day"
				? "Please pick another day in the app, or call or chat with us."
				: `Questions? Call us at ${options.business.phone} or chat with us in the app.`,
		],
		action: { label: "Open your booking", url: options.url },
	});
	return { ...message, attachments: options.attachments };
}

/** The install is done ("Your lights are up!") or the takedown is. */
export function bookingDoneEmail(options: {
	to: string;
	name: string | null;
	what: "install" | "takedown";
	photos: number;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	const up = options.what === "install";
	return layout({
		to: options.to,
		subject: up ? "Your lights are up!" : "Your lights are down",
		business: options.business,
		greeting: hello(options.name),
		paragraphs: [
			up
				? `Our crew has finished installing your holiday lights. Enjoy the season!${options.photos > 0 ? " Photos of your display are in the app." : ""}`
				: "Our crew has taken down your holiday lights. Thank you for lighting up the season with us!",
			`Questions? Call us at ${options.business.phone} or chat with us in the app.`,
		],
		action: { label: "Open the app", url: options.url },
	});
}

/** The business's notice of a booking booked, moved, cancelled or needing a new day. */
export function bookingBusinessEmail(options: {
	customerName: string;
	what: string;
	notice: BookingNoticeKind;
	day: string;
	fromDay?: string;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	const what = options.what === "install" ? "Install" : "Takedown";
	return layout({
		to: options.business.email,
		subject: `${what} ${bookingSubject[options.notice]}: ${oneLine(options.customerName)}, ${options.day}`,
		business: options.business,
		greeting: "Hello,",
		paragraphs: [bookingLine({ ...options, who: `${options.customerName}'s` })],
		action: { label: "Open the schedule", url: options.url },
	});
}

/** The reminder two days before an install or a takedown. */
export function bookingReminderEmail(options: {
	to: string;
	name: string | null;
	what: "install" | "takedown";
	day: string;
	address: string | null;
	/** The arrival window the customer was told ("8–11 AM"), if any. */
	arrival?: string | null;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	const what = options.what === "install" ? "install" : "takedown";
	return layout({
		to: options.to,
		subject: `Reminder: your ${what} is on ${options.day}${options.arrival ? `, arrival ${options.arrival}` : ""}`,
		business: options.business,
		greeting: hello(options.name),
		paragraphs: [
			`Our crew comes for your ${what} on ${options.day}${options.arrival ? ` and arrives between ${options.arrival}` : ""}${options.address ? `, at ${options.address}` : ""}.`,
			options.what === "install"
				? "Please make sure the outlets we use have power and the gate is open or we have its code."
				: "Please leave the lights switched off and the gate open or let us know its code.",
			`Need another day? Call us at ${options.business.phone} or chat with us in the app.`,
		],
		action: { label: "Open your booking", url: options.url },
	});
}

/** The crew's arrival window on the customer's install (or takedown) day, new or changed. */
export function arrivalWindowEmail(options: {
	to: string;
	name: string | null;
	what: "install" | "takedown";
	day: string;
	arrival: string;
	/** They had been told another window before. */
	changed: boolean;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	return layout({
		to: options.to,
		subject: `Your ${options.what} on ${options.day}: arrival ${options.arrival}`,
		business: options.business,
		greeting: hello(options.name),
		paragraphs: [
			`${options.changed ? "New arrival window: our" : "Our"} crew arrives for your ${options.what} on ${options.day} between ${options.arrival}.`,
			"You do not need to be home: please make sure the outlets we use have power and the gate is open or we have its code.",
			`Questions? Call us at ${options.business.phone} or chat with us in the app.`,
		],
		action: { label: "Open your booking", url: options.url },
	});
}

/** A bill coming due, or overdue by `overdueDays`. */
export function billReminderEmail(options: {
	to: string;
	name: string | null;
	description: string;
	amountCents: number;
	dueDate: string;
	overdueDays?: number;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	const amount = formatCents(options.amountCents);
	const due = formatDate(options.dueDate);
	return layout({
		to: options.to,
		subject: options.overdueDays
			? `Your bill of ${amount} is ${options.overdueDays} days overdue`
			: `Your bill of ${amount} is due on ${due}`,
		business: options.business,
		greeting: hello(options.name),
		paragraphs: [
			options.overdueDays
				? `Your bill "${oneLine(options.description)}" of ${amount} was due on ${due}.`
				: `Your bill "${oneLine(options.description)}" of ${amount} is due on ${due}.`,
			`You can pay it in the app. Questions? Call us at ${options.business.phone}.`,
		],
		action: { label: "Pay your bill", url: options.url },
	});
}

/** A revised quote the customer has not answered yet, a few days after it was sent. */
export function quoteFollowUpEmail(options: {
	to: string;
	name: string | null;
	amountCents: number;
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	return layout({
		to: options.to,
		subject: "Your holiday lighting quote is waiting for you",
		business: options.business,
		greeting: hello(options.name),
		paragraphs: [
			`We sent you a revised quote of ${formatCents(options.amountCents)}. Approve it in the app to hold your place for the season.`,
			`Questions, or want something changed? Reply in the app's chat or call us at ${options.business.phone}.`,
		],
		action: { label: "Review your quote", url: options.url },
	});
}

/** After the install: how did we do, with the owner's review link. */
export function reviewRequestEmail(options: {
	to: string;
	name: string | null;
	reviewUrl: string;
	business: BusinessProfile;
}): EmailMessage {
	return layout({
		to: options.to,
		subject: `How do your lights look? A minute for ${options.business.businessName}`,
		business: options.business,
		greeting: hello(options.name),
		paragraphs: [
			"Your lights have been up for a couple of days. We hope they make your season bright!",
			"If you are happy with our work, a short review helps neighbors find us. If anything is not right, tell us in the app and we will fix it.",
		],
		action: { label: "Leave a review", url: options.reviewUrl },
	});
}

/** To the customer: the signed contract, its PDF attached. */
export function contractSignedCustomerEmail(options: {
	to: string;
	name: string | null;
	seasonId: string;
	termsVersion: number;
	attachments: EmailMessage["attachments"];
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	const message = layout({
		to: options.to,
		subject: `Your signed service agreement, season ${options.seasonId}`,
		business: options.business,
		greeting: hello(options.name),
		paragraphs: [
			`Thank you for signing your holiday lighting service agreement for the ${options.seasonId} season (terms Version ${options.termsVersion}). Your signed copy is attached as a PDF; you can download it again from the app at any time.`,
			`Questions? Call us at ${options.business.phone} or chat with us in the app.`,
		],
		action: { label: "Open the app", url: options.url },
	});
	return { ...message, attachments: options.attachments };
}

/** To the business: a customer signed, with the PDF; a typed name unlike the account's is said. */
export function contractSignedBusinessEmail(options: {
	customerName: string;
	signedName: string;
	nameMatches: boolean;
	seasonId: string;
	termsVersion: number;
	attachments: EmailMessage["attachments"];
	url: string;
	business: BusinessProfile;
}): EmailMessage {
	const message = layout({
		to: options.business.email,
		subject: `Contract signed: ${oneLine(options.customerName)}, season ${options.seasonId}`,
		business: options.business,
		greeting: "Hello,",
		paragraphs: [
			`${options.customerName} signed the service agreement for the ${options.seasonId} season on terms Version ${options.termsVersion}. The signed copy is attached.`,
			...(options.nameMatches
				? []
				: [
						`Note: the name typed to sign, "${oneLine(options.signedName)}", does not resemble the account's name, "${oneLine(options.customerName)}".`,
					]),
		],
		action: { label: "Open the customer", url: options.url },
	});
	return { ...message, attachments: options.attachments };
}

/** Next season's offer to a returning customer: the price, what it holds, and until when. */
export function renewalOfferEmail(options: {
	to: string;
	name: string | null;
	seasonId: string;
	priceCents: number;
	listCents: number;
	discountPct: number;
	expiresOn: string;
	url: string;
	business: BusinessProfile;
	reminder?: boolean;
}): EmailMessage {
	const price = formatCents(options.priceCents);
	return layout({
		to: options.to,
		subject: options.reminder
			? `Your ${options.seasonId} renewal price holds until ${options.expiresOn}`
			: `Renew for ${options.seasonId}: your lights for ${price}`,
		business: options.business,
		greeting: hello(options.name),
		paragraphs: [
			options.reminder
				? `A reminder: your returning-customer price for the ${options.seasonId} season, ${price}, holds until ${options.expiresOn}. After that day it goes back to our regular prices.`
				: `Thank you for lighting up with us last season. Your same display for the ${options.seasonId} season is ${price} (${formatCents(options.listCents)} less your ${options.discountPct}% re-install discount), held for you until ${options.expiresOn}.`,
			"Renew in one tap from the app: you sign the season's agreement and pick your install day first, before Early Bird opens to new customers.",
		],
		action: { label: `Renew for ${options.seasonId}`, url: options.url },
	});
}
