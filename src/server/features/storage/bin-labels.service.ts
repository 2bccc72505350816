import { asc, eq } from "drizzle-orm";
import QRCode from "qrcode";
import { binPath } from "../../../shared/storage.ts";
import type { Deps } from "../../app-env.ts";
import { bins } from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { findCustomer } from "../customers/owner-customers.service.ts";

/** The address a label's QR code opens: the bin's page on this product. */
const binUrl = (appUrl: string, code: string) => `${appUrl}${binPath(code)}`;

/**
 * A QR code of the bin's page as an SVG document: error correction Q (a label scuffed in a
 * warehouse still reads), a quiet zone of 2 modules, black on white.
 */
const binQrSvg = (appUrl: string, code: string) =>
	QRCode.toString(binUrl(appUrl, code), { type: "svg", errorCorrectionLevel: "Q", margin: 2 });

/** One customer's label sheet: each bin's code, the customer's name and street, its QR code. */
export async function getBinLabels(options: {
	deps: Pick<Deps, "db" | "env">;
	actor: Actor;
	customerId: string;
}) {
	const { deps, actor, customerId } = options;
	assertOwner(actor);
	const customer = await findCustomer(deps.db, customerId);
	const rows = await deps.db
		.select({ code: bins.code })
		.from(bins)
		.where(eq(bins.customerId, customerId))
		.orderBy(asc(bins.code));
	return {
		labels: await Promise.all(
			rows.map(async ({ code }) => ({
				code,
				customerName: customer.name,
				street: customer.address,
				qrSvg: await binQrSvg(deps.env.APP_URL, code),
			})),
		),
	};
}
