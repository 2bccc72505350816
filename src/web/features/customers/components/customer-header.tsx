import { MapPin, Phone } from "lucide-react";
import { telHref } from "../../../../shared/business-slots.ts";
import { accountState, type CustomerDetail } from "../../../../shared/customers.ts";
import { businessDate, formatDate } from "../../../../shared/dates.ts";
import { formatCents } from "../../../../shared/money.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { cn } from "../../../lib/utils.ts";
import { CustomerImage } from "./customer-image.tsx";

const STATE = {
	PastDue: { label: "Past due", variant: "danger" },
	Active: { label: "Active", variant: "success" },
	Suspended: { label: "Suspended", variant: "default" },
} as const;

/** The one-line address, or null when the record has none. */
export function addressLine(customer: CustomerDetail["customer"]) {
	const line = [customer.address, customer.city, [customer.state, customer.zipCode].join(" ")]
		.map((part) => part?.trim())
		.filter(Boolean)
		.join(", ");
	return line || null;
}

/** Google Maps' search for an address (opens the app on a phone). */
const mapsUrl = (address: string) =>
	`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/**
 * The customer at a glance, above the tabs: picture, name, number and account state, where they
 * live (a map link) and how to call them, what they owe and when it is next due. It wraps on a
 * phone; long names and addresses break rather than widen the page.
 */
export function CustomerHeader({ detail, editing }: { detail: CustomerDetail; editing: boolean }) {
	const { customer, bills } = detail;
	const pending = bills.filter((b) => b.status === "pending");
	const due = pending.reduce((sum, b) => sum + b.amountCents, 0);
	const nextDue = pending.map((b) => b.dueDate).sort()[0];
	const state =
		STATE[accountState({ billDueDate: nextDue ?? null, status: customer.status }, businessDate())];
	const _address = addressLine(customer);
	return (
		<section
			aria-label="Customer summary"
			className="flex min-w-0 flex-wrap items-start gap-x-6 gap-y-4 rounded-lg border bg-card p-4 shadow-sm sm:p-5"
		>
			<div className="flex min-w-0 flex-[1_1_20rem] items-start gap-4">
				<CustomerImage customer={customer} editing={editing} />
				<div className="grid min-w-0 gap-1.5">
					<h1 className="text-xl font-semibold leading-tight wrap-anywhere sm:text-2xl">
						{customer.name}
					</h1>
					<p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
						<span>Customer #{customer.idNumber}</span>
						<Badge variant={state.variant}>{state.label}</Badge>
					</p>
					<ContactLines customer={customer} className="gap-1" />
				</div>
			</div>
			<dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:flex-none">
				<div>
					<dt className="text-muted-foreground">Balance due</dt>
					<dd className="text-lg font-semibold tabular-nums" data-testid="customer-balance-due">
						{formatCents(due)}
					</dd>
				</div>
				<div>
					<dt className="text-muted-foreground">Next due</dt>
					<dd className="text-lg font-semibold">{nextDue ? formatDate(nextDue) : "—"}</dd>
				</div>
			</dl>
		</section>
	);
}

/** Where the customer lives (a map link) and how to call them: the summary strip and the chat's panel. */
export function ContactLines({
	customer,
	className,
}: {
	customer: CustomerDetail["customer"];
	className?: string;
}) {
	const address = addressLine(customer);
	return (
		<ul className={cn("grid text-sm", className)}>
			<li className="flex min-w-0 items-start gap-1.5">
				<MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
				{address ? (
					<a
						href={mapsUrl(address)}
						target="_blank"
						rel="noopener noreferrer"
						className="min-w-0 underline underline-offset-2 wrap-anywhere hover:text-primary"
					>
						{address}
						<span className="sr-only"> (opens Google Maps)</span>
					</a>
				) : (
					<span className="text-muted-foreground">No address</span>
				)}
			</li>
			<li className="flex min-w-0 items-start gap-1.5">
				<Phone className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
				{customer.phone ? (
					<a
						href={telHref(customer.phone)}
						className="min-w-0 underline underline-offset-2 wrap-anywhere hover:text-primary"
					>
						{customer.phone}
					</a>
				) : (
					<span className="text-muted-foreground">No phone</span>
				)}
			</li>
		</ul>
	);
}
