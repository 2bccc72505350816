import { Sparkles, UserPlus } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { CUSTOMER_MESSAGES } from "../../../../shared/customers.ts";
import { MAX_QUOTE_PHOTOS } from "../../../../shared/estimate.ts";
import { formatCents } from "../../../../shared/money.ts";
import { FormField } from "../../../components/form-field.tsx";
import { PhotoPicker } from "../../../components/photo-picker.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { usePaymentSetup } from "../../payments/api.ts";
import { PaymentInfoFields } from "../../payments/components/payment-info-section.tsx";
import { usePaymentInfo } from "../../payments/payment-info-api.ts";
import { InstantQuoteResult } from "../../quotes/components/instant-quote-result.tsx";
import {
	FormSection,
	NotesField,
	PropertyFields,
	ServiceChoices,
} from "../../quotes/components/quote-form-parts.tsx";
import { useQuoteDraft } from "../../quotes/quote-draft-api.ts";
import { useCreateCustomer } from "../api.ts";

const createCustomerSchema = lazySchema(
	() => import("../../../../shared/customers.ts"),
	"createCustomerSchema",
);

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
	const draft = useQuoteDraft(EMPTY);
	const { fields, set, selection, chosen, priceOf, estimate } = draft;
	const { form, field, validate } = useZodForm(createCustomerSchema);
	const priceErrorId = useId();
	const create = useCreateCustomer();
	const setup = usePaymentSetup();
	const paymentInfo = usePaymentInfo(setup.data);
	// Stripe turning the card into a payment method, before the form is sent.
	const [preparing, setPreparing] = useState(false);
	const sending = create.isPending || preparing;

	const totalCents = chosen.reduce(
		(sum, s) => sum + (toCents(priceOf(s.id, s.basePriceCents)) || 0) * (selection[s.id] ?? 1),
		0,
	);

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
	const reset = () => {
		draft.reset();
		paymentInfo.reset();
	};

	const submit = async (event: React.FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		if (sending) return;
		const parsed = await validate(createCustomerSchema, input);
		if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message);
		setPreparing(true);
		const payment = await paymentInfo.payment().finally(() => setPreparing(false));
		if (payment instanceof Error) return void toast.error(payment.message);
		create.mutate(
			{ input: payment ? { ...input, payment } : input, photos: draft.photos },
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
			{...form}
			onSubmit={submit}
			className="grid grid-cols-1 gap-5 xl:grid-cols-[minmax(0,1fr)_24rem] xl:items-start"
			aria-label="Add Customer"
		>
			<div className="grid min-w-0 gap-5">
				<FormSection step={1} title="Customer Account Setup">
					<div className="grid gap-4 sm:grid-cols-2">
						<FormField
							{...field("name")}
							label="Customer Name"
							requiredMark
							autoComplete="off"
							value={fields.name}
							onChange={set("name")}
						/>
						<FormField
							{...field("email")}
							label="Email"
							type="email"
							requiredMark
							autoComplete="off"
							value={fields.email}
							onChange={set("email")}
						/>
						<FormField
							{...field("password")}
							label="Password"
							type="password"
							requiredMark
							autoComplete="new-password"
							value={fields.password}
							onChange={set("password")}
							hint="Customer will use this to sign into their account"
						/>
						<FormField
							{...field("phone")}
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
						state={draft.catalog.status}
						onRetry={() => draft.catalog.refetch()}
						services={draft.services}
						selection={selection}
						onChange={draft.changeSelection}
						quantities={false}
						error={field("services").error}
					/>
				</FormSection>

				<FormSection step={3} title="Property Information">
					<PropertyFields values={fields} onChange={set} field={field} />
				</FormSection>

				<FormSection
					step={4}
					title="Payment Information"
					description="Optional. The card is charged for the first bill only when the card number, expiry, CVV and cardholder name are all filled in."
				>
					<PaymentInfoFields info={paymentInfo} disabled={sending} />
				</FormSection>

				<FormSection step={5} title="Property Photos" description="Optional.">
					<PhotoPicker photos={draft.photos} onChange={draft.setPhotos} max={MAX_QUOTE_PHOTOS} />
				</FormSection>

				<FormSection step={6} title="Additional Notes">
					<NotesField value={fields.notes} onChange={set("notes")} field={field} />
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
							{chosen.map((s, index) => {
								const quantity = field(`services.${index}.quantity`);
								// Typed in dollars, checked in cents: only the minimum (0) reads the same in both.
								const price = field(`services.${index}.unitPriceCents`);
								const error = quantity.error ?? price.error;
								return (
									<tr key={s.id} className="border-t">
										<th scope="row" className="py-2 pr-2 text-left font-medium">
											{s.name}
										</th>
										<td className="py-2 pr-2">
											{s.hasQuantity ? (
												<Input
													type="number"
													min={quantity.min}
													max={quantity.max}
													step={1}
													className="h-9 w-16"
													aria-label={`Quantity for ${s.name}`}
													name={quantity.name}
													aria-invalid={quantity.error ? true : undefined}
													aria-describedby={error ? `${priceErrorId}-${index}` : undefined}
													value={selection[s.id]}
													onChange={(e) => draft.setQuantity(s.id, e.target.value)}
												/>
											) : (
												<span className="px-3">1</span>
											)}
										</td>
										<td className="py-2 text-right">
											<Input
												type="number"
												min={price.min}
												step={0.01}
												inputMode="decimal"
												className="ml-auto h-9 w-24 text-right"
												aria-label={`Price for ${s.name}`}
												name={price.name}
												aria-invalid={price.error ? true : undefined}
												aria-describedby={error ? `${priceErrorId}-${index}` : undefined}
												value={priceOf(s.id, s.basePriceCents)}
												onChange={(e) => draft.setPrice(s.id, e.target.value)}
											/>
											{error ? (
												<p
													id={`${priceErrorId}-${index}`}
													className="mt-1 text-xs text-destructive"
												>
													{error}
												</p>
											) : null}
										</td>
									</tr>
								);
							})}
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
						disabled={!draft.canEstimate}
						pending={draft.estimating.isPending}
						onClick={draft.requestEstimate}
					>
						{draft.estimating.isPending ? null : <Sparkles aria-hidden />}
						{draft.estimating.isPending ? "Generating Quote..." : "Get Instant AI Quote"}
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
