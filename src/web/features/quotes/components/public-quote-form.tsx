import { Send, Sparkles } from "lucide-react";
import type * as React from "react";
import { formatCents } from "../../../../shared/money.ts";
import { QUOTE_FORM_CONSTRAINTS, QUOTE_FORM_MESSAGES } from "../../../../shared/quote-form.ts";
import { FormField } from "../../../components/form-field.tsx";
import { Honeypot } from "../../../components/public/honeypot.tsx";
import { PageLink } from "../../../components/public/page-link.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useIdempotencyKey } from "../../../lib/idempotency.ts";
import { useSubmitMutation } from "../../../lib/submit-mutation.ts";
import { loadToasts, toast } from "../../../lib/toast.ts";
import { useZodForm } from "../../../lib/use-zod-form.ts";
import { submitPublicQuote } from "../public-quote-api.ts";
import { useQuoteDraft } from "../quote-draft-api.ts";
import { InstantQuoteResult } from "./instant-quote-result.tsx";
import {
	FormSection,
	PhotosAndNotes,
	PropertyFields,
	ServiceChoices,
} from "./quote-form-parts.tsx";
import { selectionTotalCents } from "./service-picker.tsx";

/**
 * The form's validation, zod with the shared schemas the server validates with, loads once the
 * visitor starts on the form (focus, pointer or key), with the toasts, not with the page: the
 * page's first load stays small (decision 018). Checking waits for it if it has not arrived yet.
 */
let schemas:
	| Promise<
			[
				typeof import("../../../../shared/estimate.ts"),
				typeof import("../../../../shared/public-quote.ts"),
			]
	  >
	| undefined;
const loadSchemas = () => {
	schemas ??= Promise.all([
		import("../../../../shared/estimate.ts"),
		import("../../../../shared/public-quote.ts"),
	]);
	return schemas;
};
const prepareForm = () => {
	void loadSchemas();
	void loadToasts();
};

const EMPTY = {
	name: "",
	email: "",
	phone: "",
	address: "",
	city: "",
	// The business works in Ohio: the state is filled in, and can be changed.
	state: "OH",
	zipCode: "",
	notes: "",
};

/** Empty optional text is left out rather than sent as "". */
const optional = (value: string) => value.trim() || undefined;

/**
 * The public quote request: contact, services, property, photos and notes, an optional instant
 * quote, then submission with the photos. Prices shown here are starting prices; the server
 * recomputes every number.
 */
export function PublicQuoteForm({ onSubmitted }: { onSubmitted: () => void }) {
	const draft = useQuoteDraft(EMPTY);
	const { fields, set, services, selection, choices: chosen, estimate } = draft;
	const total = selectionTotalCents(services, selection);
	// The limits are written out beside the schema, which loads on the first interaction.
	const { form, field, validate } = useZodForm(QUOTE_FORM_CONSTRAINTS);

	const idempotency = useIdempotencyKey();
	const submitMutation = useSubmitMutation({
		mutationFn: (sent: Parameters<typeof submitPublicQuote>[0]) =>
			submitPublicQuote(sent, idempotency.headers()),
		onSuccess: () => {
			idempotency.succeeded();
			toast.success(QUOTE_FORM_MESSAGES.submitted);
			onSubmitted();
		},
		onError: (error) =>
			toast.error(QUOTE_FORM_MESSAGES.submitFailed, { description: errorMessage(error) }),
	});

	const submit = async (event: React.FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const website = new FormData(event.currentTarget).get("website");
		const input = {
			name: fields.name.trim(),
			email: fields.email.trim(),
			phone: optional(fields.phone),
			address: fields.address.trim(),
			city: optional(fields.city),
			state: optional(fields.state),
			zipCode: optional(fields.zipCode),
			services: chosen,
			notes: optional(fields.notes),
			withInstantQuote: estimate !== null,
			website: typeof website === "string" && website ? website : undefined,
		};
		const [, { publicQuoteSchema }] = await loadSchemas();
		const parsed = validate(publicQuoteSchema, input);
		if (!input.name || !input.email || !input.address || chosen.length === 0)
			return void toast.error(QUOTE_FORM_MESSAGES.requiredAndService);
		if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message);
		submitMutation.mutate({ input, photos: draft.photos });
	};

	return (
		<form
			{...form}
			onSubmit={submit}
			onFocus={prepareForm}
			onPointerDown={prepareForm}
			onKeyDown={prepareForm}
			className="relative grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
		>
			<div className="grid min-w-0 grid-cols-1 gap-6">
				<FormSection
					step={1}
					title="Contact Information"
					description="How we can reach you about your quote."
				>
					<div className="grid gap-4 sm:grid-cols-2">
						<FormField
							{...field("name")}
							label="Full Name"
							requiredMark
							autoComplete="name"
							value={fields.name}
							onChange={set("name")}
							wrapperClassName="sm:col-span-2"
						/>
						<FormField
							{...field("email")}
							label="Email Address"
							requiredMark
							type="email"
							inputMode="email"
							autoComplete="email"
							value={fields.email}
							onChange={set("email")}
						/>
						<FormField
							{...field("phone")}
							label="Phone Number"
							type="tel"
							inputMode="tel"
							autoComplete="tel"
							value={fields.phone}
							onChange={set("phone")}
						/>
					</div>
				</FormSection>

				<FormSection
					step={2}
					title="Select Services"
					description="Tick everything you would like. Prices are starting prices."
				>
					<ServiceChoices
						state={draft.catalog.status}
						onRetry={() => draft.catalog.refetch()}
						services={services}
						selection={selection}
						onChange={draft.changeSelection}
						error={field("services").error}
					/>
				</FormSection>

				<FormSection
					step={3}
					title="Property Information"
					description="Where should we hang the lights?"
				>
					<PropertyFields values={fields} onChange={set} field={field} />
				</FormSection>

				<PhotosAndNotes
					step={4}
					photos={draft.photos}
					onPhotosChange={draft.setPhotos}
					notes={fields.notes}
					onNotesChange={set("notes")}
					field={field}
				/>
			</div>

			<aside
				// Sticky while it fits on screen; the instant quote makes it too tall to stay put.
				className={`grid min-w-0 gap-4 ${estimate ? "" : "lg:sticky lg:top-20"}`}
				aria-label="Quote summary"
			>
				<section
					className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6"
					aria-labelledby="quote-summary-title"
				>
					<h2 id="quote-summary-title" className="text-lg font-semibold">
						Your Selections
					</h2>
					{chosen.length === 0 ? (
						<p className="mt-2 text-sm text-muted-foreground">No services selected yet.</p>
					) : (
						<ul className="mt-3 divide-y text-sm">
							{services
								.filter((s) => selection[s.id] !== undefined)
								.map((s) => (
									<li key={s.id} className="flex justify-between gap-3 py-2">
										<span className="min-w-0 wrap-anywhere">
											{s.name}
											{s.hasQuantity ? (
												<span className="text-muted-foreground"> × {selection[s.id]}</span>
											) : null}
										</span>
										<span className="shrink-0 font-medium tabular-nums">
											{formatCents(s.basePriceCents * (selection[s.id] ?? 0))}
										</span>
									</li>
								))}
						</ul>
					)}
					<div className="mt-4 flex items-baseline justify-between gap-3 border-t pt-4">
						<span className="text-sm font-semibold">Preliminary Estimated Total</span>
						<span
							className="font-display text-2xl font-semibold tabular-nums"
							data-testid="preliminary-total"
						>
							{formatCents(total)}
						</span>
					</div>
					<p className="mt-1 text-xs text-muted-foreground">
						Preliminary, based on starting prices. Your final price is confirmed after we review
						your property.
					</p>
				</section>

				{estimate ? (
					<InstantQuoteResult estimate={estimate} />
				) : (
					<div className="grid gap-2">
						<Button
							type="button"
							variant="secondary"
							size="lg"
							disabled={!draft.canEstimate}
							pending={draft.estimating.isPending}
							onClick={draft.requestEstimate}
						>
							{draft.estimating.isPending ? null : <Sparkles aria-hidden />}
							{draft.estimating.isPending ? "Generating Quote..." : "Get Instant AI Quote"}
						</Button>
						<p className="text-center text-xs text-muted-foreground">
							{draft.canEstimate
								? "See a price range in seconds, before you submit."
								: "Enter your street address and choose a service to get an instant quote."}
						</p>
					</div>
				)}

				<Button type="submit" size="lg" pending={submitMutation.isPending} className="w-full">
					{submitMutation.isPending ? null : <Send aria-hidden />}
					{submitMutation.isPending ? "Submitting..." : "Submit Quote Request"}
				</Button>
				<p className="text-center text-xs text-muted-foreground">
					Free and without obligation. See our{" "}
					<PageLink to="/privacy" className="underline">
						Privacy Policy
					</PageLink>
					.
				</p>
			</aside>
			<Honeypot />
		</form>
	);
}
