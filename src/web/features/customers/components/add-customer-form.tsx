import { Sparkles, UserPlus } from "lucide-react";
import type * as React from "react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { CUSTOMER_MESSAGES, createCustomerSchema } from "../../../../shared/customers.ts";
import {
	type Estimate,
	MAX_QUOTE_PHOTOS,
	QUOTE_FORM_MESSAGES,
} from "../../../../shared/estimate.ts";
import { formatCents } from "../../../../shared/money.ts";
import { PhotoPicker } from "../../../components/photo-picker.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useServiceOptions } from "../../catalog/api.ts";
import { usePaymentSetup } from "../../payments/api.ts";
import {
	PaymentInfoFields,
	usePaymentInfo,
} from "../../payments/components/payment-info-section.tsx";
import { InstantQuoteResult } from "../../quotes/components/instant-quote-result.tsx";
import {
	Field,
	FormSection,
	NotesField,
	PropertyFields,
	ServiceChoices,
	useInstantQuote,
} from "../../quotes/components/quote-form-parts.tsx";
import type { ServiceSelection } from "../../quotes/components/service-picker.tsx";
import { useCreateCustomer } from "../api.ts";

const EMPTY = {
	name: "",
	email: "",
	password: "",
	phone: "",
	address: "",
	city: "",
	// The business works in Ohio: the state is filled in, and can be changed.
	state: "OH",
	zipCode: "",
	notes: "",
};
type Fields = typeof EMPTY;

const optional = (value: string) => value.trim() || null;
/** Dollars typed by the owner to whole cents; blank or nonsense is NaN, which the schema refuses. */
const toCents = (dollars: string) =>
	dollars.trim() === "" ? Number.NaN : Math.round(Number(dollars) * 100);

/**
 * Add Customer, embedded in the dashboard: the login the owner sets up, the services at the
 * owner's prices (each defaulting to its base price), the property, photos and notes, and the
 * instant quote as advice. One request creates everything; on success the form resets.
 */
export function AddCustomerForm({ onDone }: { onDone: () => void }) {
	const catalog = useServiceOptions();
	const [fields, setFields] = useState<Fields>(EMPTY);
	const [selection, setSelection] = useState<ServiceSelection>({});
	const [prices, setPrices] = useState<Record<string, string>>({});
	const [photos, setPhotos] = useState<File[]>([]);
	const [estimate, setEstimate] = useState<Estimate | null>(null);
	const create = useCreateCustomer();
	const setup = usePaymentSetup();
	const paymentInfo = usePaymentInfo(setup.data);
	// Stripe turning the card into a payment method, before the form is sent.
	const [preparing, setPreparing] = useState(false);
	const sending = create.isPending || preparing;

	useEffect(() => {
		if (catalog.isError) toast.error(QUOTE_FORM_MESSAGES.loadServicesFailed);
	}, [catalog.isError]);

	const services = catalog.data ?? [];
	const chosen = services.filter((s) => selection[s.id] !== undefined);
	const priceOf = (id: string, base: number) => prices[id] ?? (base / 100).toFixed(2);
	const totalCents = chosen.reduce(
		(sum, s) => sum + (toCents(priceOf(s.id, s.basePriceCents)) || 0) * (selection[s.id] ?? 1),
		0,
	);

	const set =
		(key: keyof Fields) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
			const value = event.target.value;
			setFields((f) => ({ ...f, [key]: value }));
		};
	const changeSelection = (next: ServiceSelection) => {
		setSelection(next);
		setEstimate(null);
	};
	const setQuantity = (id: string, typed: string) => {
		const n = Math.floor(Number(typed));
		setSelection((s) => ({ ...s, [id]: Number.isFinite(n) && n >= 1 ? Math.min(n, 500) : 1 }));
		setEstimate(null);
	};

	const input = {
		name: fields.name,
		email: fields.email,
		password: fields.password,
		phone: optional(fields.phone),
		address: fields.address,
		city: optional(fields.city),
		state: optional(fields.state),
		zipCode: optional(fields.zipCode),
		services: chosen.map((s) => ({
			serviceId: s.id,
			quantity: selection[s.id] ?? 1,
			unitPriceCents: toCents(priceOf(s.id, s.basePriceCents)),
		})),
		notes: optional(fields.notes),
	};
	const canEstimate = fields.address.trim() !== "" && chosen.length > 0;

	const estimateMutation = useInstantQuote(setEstimate);

	const reset = () => {
		setFields(EMPTY);
		setSelection({});
		setPrices({});
		setPhotos([]);
		setEstimate(null);
		paymentInfo.reset();
	};

	const submit = async (event: React.FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		if (sending) return;
		const parsed = createCustomerSchema.safeParse(input);
		if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message);
		setPreparing(true);
		const payment = await paymentInfo.payment().finally(() => setPreparing(false));
		if (payment instanceof Error) return void toast.error(payment.message);
		create.mutate(
			{ input: payment ? { ...input, payment } : input, photos },
			{
				onSuccess: (created) => {
					const paid = created.paymentResult?.success === true;
					const failed = created.paymentResult?.success === false;
					// The message carries the payment note ("Payment of $X processed successfully!").
					(failed ? toast.warning : toast.success)(created.message, {
						description: `${fields.name} is customer #${created.idNumber}; the bill of ${formatCents(created.totalCents)} is ${paid ? "paid" : "pending"}.`,
					});
					reset();
					onDone();
				},
				onError: (error) => toast.error(errorMessage(error, CUSTOMER_MESSAGES.createFailed)),
			},
		);
	};

	return (
		// At a wide desk: the form on the left, the summary (chosen services, prices, total, the
		// instant quote and the buttons) sticky on the right. On a phone the summary comes last.
		<form
			noValidate
			onSubmit={submit}
			className="grid grid-cols-1 gap-5 xl:grid-cols-[minmax(0,1fr)_24rem] xl:items-start"
			aria-label="Add Customer"
		>
			<div className="grid min-w-0 gap-5">
				<FormSection step={1} title="Customer Account Setup">
					<div className="grid gap-4 sm:grid-cols-2">
						<Field
							label="Customer Name"
							required
							autoComplete="off"
							value={fields.name}
							onChange={set("name")}
						/>
						<Field
							label="Email"
							type="email"
							required
							autoComplete="off"
							value={fields.email}
							onChange={set("email")}
						/>
						<div className="grid gap-1">
							<Field
								label="Password"
								type="password"
								required
								autoComplete="new-password"
								value={fields.password}
								onChange={set("password")}
							/>
							<p className="text-xs text-muted-foreground">
								Customer will use this to sign into their account
							</p>
						</div>
						<Field
							label="Phone"
							type="tel"
							autoComplete="off"
							value={fields.phone}
							onChange={set("phone")}
						/>
					</div>
				</FormSection>

				<FormSection
					step={2}
					title="Select Services"
					description="Each price starts at the service's base price; set quantities and prices in the summary."
				>
					<ServiceChoices
						state={catalog.status}
						onRetry={() => catalog.refetch()}
						services={services}
						selection={selection}
						onChange={changeSelection}
						quantities={false}
					/>
				</FormSection>

				<FormSection step={3} title="Property Information">
					<PropertyFields values={fields} onChange={set} />
				</FormSection>

				<FormSection
					step={4}
					title="Payment Information"
					description="Optional. The card is charged for the first bill only when the card number, expiry, CVV and cardholder name are all filled in."
				>
					<PaymentInfoFields info={paymentInfo} disabled={sending} />
				</FormSection>

				<FormSection step={5} title="Property Photos" description="Optional.">
					<PhotoPicker photos={photos} onChange={setPhotos} max={MAX_QUOTE_PHOTOS} />
				</FormSection>

				<FormSection step={6} title="Additional Notes">
					<NotesField value={fields.notes} onChange={set("notes")} />
				</FormSection>
			</div>

			<aside
				aria-labelledby="add-customer-summary"
				className="grid min-w-0 gap-4 rounded-xl border bg-card p-4 shadow-sm xl:sticky xl:top-6 xl:max-h-[calc(100dvh-3rem)] xl:overflow-y-auto"
			>
				<h3 id="add-customer-summary" className="font-semibold">
					Summary
				</h3>
				{chosen.length === 0 ? (
					<p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
						No services chosen yet. Tick them under Select Services.
					</p>
				) : (
					<table className="w-full text-sm">
						<caption className="sr-only">Chosen services, quantities and your prices</caption>
						<thead className="text-left text-xs text-muted-foreground">
							<tr>
								<th scope="col" className="pb-1 font-medium">
									Service
								</th>
								<th scope="col" className="pb-1 font-medium">
									Qty
								</th>
								<th scope="col" className="pb-1 text-right font-medium">
									Price ($)
								</th>
							</tr>
						</thead>
						<tbody>
							{chosen.map((s) => (
								<tr key={s.id} className="border-t">
									<th scope="row" className="py-2 pr-2 text-left font-medium">
										{s.name}
									</th>
									<td className="py-2 pr-2">
										{s.hasQuantity ? (
											<Input
												type="number"
												min={1}
												step={1}
												className="h-9 w-16"
												aria-label={`Quantity for ${s.name}`}
												value={selection[s.id]}
												onChange={(e) => setQuantity(s.id, e.target.value)}
											/>
										) : (
											<span className="px-3">1</span>
										)}
									</td>
									<td className="py-2 text-right">
										<Input
											type="number"
											min={0}
											step={0.01}
											inputMode="decimal"
											className="ml-auto h-9 w-24 text-right"
											aria-label={`Price for ${s.name}`}
											value={priceOf(s.id, s.basePriceCents)}
											onChange={(e) => setPrices((p) => ({ ...p, [s.id]: e.target.value }))}
										/>
									</td>
								</tr>
							))}
						</tbody>
					</table>
				)}
				<p className="flex justify-between border-t pt-3 font-semibold">
					<span>Total</span>
					<span data-testid="add-customer-total">{formatCents(totalCents)}</span>
				</p>
				{estimate ? (
					<div className="grid gap-2">
						<h3 className="font-semibold">AI Quote Generated</h3>
						<p className="text-sm text-muted-foreground">
							Advice only: the customer's quote and bill use your prices ({formatCents(totalCents)}
							).
						</p>
						<InstantQuoteResult estimate={estimate} />
					</div>
				) : (
					<Button
						type="button"
						variant="secondary"
						disabled={!canEstimate}
						pending={estimateMutation.isPending}
						onClick={() =>
							estimateMutation.mutate({
								services: input.services.map(({ serviceId, quantity }) => ({
									serviceId,
									quantity,
								})),
								address: input.address,
								city: input.city ?? undefined,
								state: input.state ?? undefined,
								zipCode: undefined,
								notes: undefined,
							})
						}
					>
						{estimateMutation.isPending ? null : <Sparkles aria-hidden />}
						{estimateMutation.isPending ? "Generating Quote..." : "Get Instant AI Quote"}
					</Button>
				)}

				<div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-1">
					<Button
						type="button"
						variant="outline"
						onClick={() => {
							reset();
							onDone();
						}}
					>
						Cancel
					</Button>
					<Button type="submit" pending={sending}>
						{sending ? null : <UserPlus aria-hidden />}
						{sending ? "Creating Account..." : "Create Customer Account"}
					</Button>
				</div>
			</aside>
		</form>
	);
}
