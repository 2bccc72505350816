import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import type { BusinessProfile } from "../../../shared/business.ts";
import { termsBlocks } from "../../../shared/contracts.ts";
import { formatCents } from "../../../shared/money.ts";
import type { QuoteLine } from "../../../shared/quotes.ts";

/** Everything a signed contract shows; the same facts make its text, its hash and its PDF. */
export interface SignedDocument {
	business: Pick<BusinessProfile, "businessName" | "address" | "phone" | "email">;
	customer: { name: string; email: string };
	property: string;
	seasonId: string;
	lines: QuoteLine[];
	totalCents: number;
	terms: { version: number; body: string; createdAt: Date };
	signature: {
		name: string;
		accountName: string;
		signedAt: Date;
		ipAddress: string;
		userAgent: string;
	};
}

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** "November 26, 2026, 6:21:12 AM EST": signing times in the business's time zone. */
const signedTime = (at: Date) =>
	at.toLocaleString("en-US", {
		timeZone: "America/New_York",
		dateStyle: "long",
		timeStyle: "long",
	});
const termsDate = (at: Date) =>
	at.toLocaleDateString("en-US", { timeZone: "America/New_York", dateStyle: "long" });

const lineAmount = (l: QuoteLine) => l.unitPriceCents * l.quantity;

/**
 * The signed document as plain text, one fact a line, in a fixed order. Its SHA-256 is the
 * document's hash: printed on the PDF, and anyone holding the stored text can compute it again.
 */
export function documentText(d: SignedDocument): string {
	return [
		"Holiday Lighting Service Agreement",
		`Business: ${d.business.businessName}, ${d.business.address}`,
		`Customer: ${d.customer.name} <${d.customer.email}>`,
		`Property: ${d.property}`,
		`Season: ${d.seasonId}`,
		...d.lines.map(
			(l) =>
				`Line: ${l.name} x ${l.quantity} at ${formatCents(l.unitPriceCents)} = ${formatCents(lineAmount(l))}`,
		),
		`Total: ${formatCents(d.totalCents)}`,
		`Terms: Version ${d.terms.version} of ${d.terms.createdAt.toISOString()}`,
		d.terms.body,
		`Signed by: ${d.signature.name}`,
		`Account: ${d.signature.accountName} <${d.customer.email}>`,
		`Signed at: ${d.signature.signedAt.toISOString()}`,
		`Address: ${d.signature.ipAddress}`,
		`User agent: ${d.signature.userAgent}`,
	].join("\n");
}

export const documentHash = (text: string) => sha256(text);
export const fileHash = (data: Uint8Array) => sha256(data);

/** The characters of Windows-1252 above Latin-1's range, which the standard PDF fonts also draw. */
const CP1252_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** What the standard PDF fonts (Helvetica) draw: Latin-1 and Windows-1252. */
const standardDraws = (ch: string) => {
	const code = ch.codePointAt(0)!;
	return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRAS.has(ch);
};

/**
 * DejaVu Sans (Latin, Greek, Cyrillic, Hebrew, Armenian, Georgian and more), embedded in a contract
 * whose names or terms the standard fonts cannot draw; read once, and only when first needed.
 */
let dejaVu: { regular: Buffer; bold: Buffer; draws: (ch: string) => boolean } | undefined;
function unicodeFonts() {
	if (!dejaVu) {
		const require = createRequire(import.meta.url);
		const regular = fs.readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"));
		const bold = fs.readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"));
		const font = fontkit.create(regular) as fontkit.Font;
		dejaVu = { regular, bold, draws: (ch) => font.hasGlyphForCodePoint(ch.codePointAt(0)!) };
	}
	return dejaVu;
}

/**
 * Text a font can draw: what it has as it is, accents dropped from other letters where that leaves
 * one, anything else "?" (e.g. Chinese, which neither font has). The record keeps the exact text
 * and the hash is of it; only the printed copy is simplified.
 */
function printable(text: string, draws: (ch: string) => boolean): string {
	let out = "";
	for (const ch of text.normalize("NFC")) {
		if (ch === "\n" || draws(ch)) {
			out += ch;
			continue;
		}
		const bare = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
		out += /^[\x20-\x7e]+$/.test(bare) ? bare : "?";
	}
	return out;
}

function printableDocument(d: SignedDocument, draws: (ch: string) => boolean): SignedDocument {
	const p = (text: string) => printable(text, draws);
	return {
		business: {
			businessName: p(d.business.businessName),
			address: p(d.business.address),
			phone: p(d.business.phone),
			email: p(d.business.email),
		},
		customer: { name: p(d.customer.name), email: p(d.customer.email) },
		property: p(d.property),
		seasonId: d.seasonId,
		lines: d.lines.map((l) => ({ ...l, name: p(l.name) })),
		totalCents: d.totalCents,
		terms: { ...d.terms, body: p(d.terms.body) },
		signature: {
			...d.signature,
			name: p(d.signature.name),
			accountName: p(d.signature.accountName),
			ipAddress: p(d.signature.ipAddress),
			userAgent: p(d.signature.userAgent),
		},
	};
}

const INK = "#1f2937";
const MUTED = "#6b7280";
const ACCENT = "#b91c1c";

/**
 * The signed contract as a PDF (Letter; the standard fonts, or DejaVu Sans for other scripts): the business, the customer and the
 * property, the season's lines and total, the terms of the version signed in full, and the
 * signature block with the document's hash.
 */
export function contractPdf(signed: SignedDocument, hash: string): Promise<Buffer> {
	// The standard fonts keep the file small; a name or terms they cannot draw embed DejaVu Sans.
	const text = documentText(signed);
	const unicode = [...text].some((ch) => ch !== "\n" && !standardDraws(ch))
		? unicodeFonts()
		: undefined;
	const d = printableDocument(signed, unicode?.draws ?? standardDraws);
	const doc = new PDFDocument({
		size: "LETTER",
		margins: { top: 56, bottom: 56, left: 60, right: 60 },
		bufferPages: true,
		info: {
			Title: `Service Agreement ${d.seasonId} - ${d.customer.name}`,
			Author: d.business.businessName,
			Subject: `Holiday lighting service agreement, season ${d.seasonId}`,
			CreationDate: d.signature.signedAt,
		},
	});
	const chunks: Buffer[] = [];
	doc.on("data", (c: Buffer) => chunks.push(c));
	const done = new Promise<Buffer>((resolve, reject) => {
		doc.on("end", () => resolve(Buffer.concat(chunks)));
		doc.on("error", reject);
	});

	if (unicode) {
		doc.registerFont("Sans", unicode.regular);
		doc.registerFont("Sans-Bold", unicode.bold);
	}
	const regular = unicode ? "Sans" : "Helvetica";
	const bold = unicode ? "Sans-Bold" : "Helvetica-Bold";
	const left = doc.page.margins.left;
	const width = doc.page.width - left - doc.page.margins.right;

	// The business.
	doc.fillColor(ACCENT).font(bold).fontSize(18).text(d.business.businessName);
	doc
		.fillColor(MUTED)
		.font(regular)
		.fontSize(9.5)
		.text(`${d.business.address} · ${d.business.phone} · ${d.business.email}`);
	doc.moveDown(1.2);
	doc.fillColor(INK).font(bold).fontSize(15).text("Holiday Lighting Service Agreement");
	doc.font(regular).fontSize(10).fillColor(MUTED).text(`Season ${d.seasonId}`);
	doc.moveDown(0.8);

	// Who and where.
	const fact = (label: string, value: string) => {
		doc.fillColor(MUTED).font(regular).fontSize(9).text(label.toUpperCase());
		doc.fillColor(INK).font(regular).fontSize(11).text(value, { width });
		doc.moveDown(0.4);
	};
	fact("Customer", `${d.customer.name} (${d.customer.email})`);
	fact("Property", d.property);

	// The lines and the total.
	doc.moveDown(0.4);
	doc.fillColor(INK).font(bold).fontSize(12).text("Services");
	doc.moveDown(0.3);
	const cols = { qty: left + width * 0.58, unit: left + width * 0.68, amount: left + width * 0.84 };
	const row = (cells: [string, string, string, string], heading = false) => {
		const y = doc.y;
		doc
			.font(heading ? bold : regular)
			.fontSize(10)
			.fillColor(INK);
		doc.text(cells[0], left, y, { width: width * 0.56 });
		const bottom = doc.y;
		doc.text(cells[1], cols.qty, y, { width: width * 0.08, align: "right" });
		doc.text(cells[2], cols.unit, y, { width: width * 0.14, align: "right" });
		doc.text(cells[3], cols.amount, y, { width: width * 0.16, align: "right" });
		doc.x = left;
		doc.y = Math.max(bottom, doc.y) + 4;
	};
	const rule = () => {
		doc
			.moveTo(left, doc.y)
			.lineTo(left + width, doc.y)
			.lineWidth(0.5)
			.strokeColor("#d1d5db")
			.stroke();
		doc.y += 4;
	};
	row(["Service", "Qty", "Unit", "Amount"], true);
	rule();
	for (const l of d.lines)
		row([l.name, String(l.quantity), formatCents(l.unitPriceCents), formatCents(lineAmount(l))]);
	rule();
	const sum = d.lines.reduce((s, l) => s + lineAmount(l), 0);
	if (sum !== d.totalCents) row(["Adjustments", "", "", formatCents(d.totalCents - sum)]);
	row(["Total", "", "", formatCents(d.totalCents)], true);
	doc.moveDown(1);

	// The terms of the version signed, in full.
	doc
		.fillColor(INK)
		.font(bold)
		.fontSize(12)
		.text(`Terms - Version ${d.terms.version}`, left, doc.y, { width });
	doc
		.fillColor(MUTED)
		.font(regular)
		.fontSize(9)
		.text(`Version ${d.terms.version} of ${termsDate(d.terms.createdAt)}`);
	doc.moveDown(0.5);
	for (const block of termsBlocks(d.terms.body)) {
		doc.fillColor(INK);
		if (block.kind === "heading") {
			doc.moveDown(0.3).font(bold).fontSize(11).text(block.text, left, doc.y, { width });
		} else if (block.kind === "item") {
			const y = doc.y;
			doc.font(regular).fontSize(10).text(block.marker, left, y, { width: 18 });
			doc.text(block.text, left + 20, y, { width: width - 20 });
			doc.x = left;
		} else {
			doc.font(regular).fontSize(10).text(block.text, left, doc.y, { width });
		}
		doc.moveDown(0.35);
	}

	// The signature block, kept on one page.
	doc.moveDown(0.8);
	const inner = width - 24;
	const device = d.signature.userAgent.slice(0, 160);
	doc.font(regular).fontSize(9.5);
	const blockHeight = 118 + doc.heightOfString(`Device: ${device}`, { width: inner });
	if (doc.y + blockHeight > doc.page.height - doc.page.margins.bottom) doc.addPage();
	const top = doc.y;
	doc.x = left + 12;
	doc.y = top + 10;
	doc.fillColor(ACCENT).font(bold).fontSize(11).text("Signed electronically", { width: inner });
	doc.moveDown(0.3);
	const sig = (label: string, value: string) =>
		doc
			.font(bold)
			.fontSize(9.5)
			.fillColor(INK)
			.text(`${label}: `, { continued: true, width: inner })
			.font(regular)
			.text(value);
	sig("Name", d.signature.name);
	sig("Account", `${d.signature.accountName} (${d.customer.email})`);
	sig("Time", signedTime(d.signature.signedAt));
	sig("Address", d.signature.ipAddress);
	sig("Device", device);
	doc.moveDown(0.3);
	doc.font(bold).fontSize(8.5).text("Document SHA-256", { width: inner });
	doc.font("Courier").fontSize(8.5).text(hash, { width: inner });
	doc
		.rect(left, top, width, doc.y + 8 - top)
		.lineWidth(0.8)
		.strokeColor(ACCENT)
		.stroke();

	// Page numbers.
	const range = doc.bufferedPageRange();
	for (let i = 0; i < range.count; i++) {
		doc.switchToPage(range.start + i);
		const bottom = doc.page.margins.bottom;
		doc.page.margins.bottom = 0;
		doc
			.font(regular)
			.fontSize(8)
			.fillColor(MUTED)
			.text(
				`${d.business.businessName} · Service Agreement ${d.seasonId} · Page ${i + 1} of ${range.count}`,
				left,
				doc.page.height - 36,
				{ width, align: "center", lineBreak: false },
			);
		doc.page.margins.bottom = bottom;
	}
	doc.end();
	return done;
}
