import { Send, Sparkles } from "lucide-react";
import type * as React from "react";
import { useEffect, useState } from "react";
import type { Estimate } from "../../../../shared/estimate.ts";
import { formatCents } from "../../../../shared/money.ts";
import { QUOTE_FORM_MESSAGES } from "../../../../shared/quote-form.ts";
import { Honeypot } from "../../../components/public/honeypot.tsx";
import { PageLink } from "../../../components/public/page-link.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useIdempotencyKey } from "../../../lib/idempotency.ts";
import { useSubmitMutation } from "../../../lib/submit-mutation.ts";
import { loadToasts, toast } from "../../../lib/toast.ts";
import { useServiceOptions } from "../../catalog/api.ts";
import { submitPublicQuote } from "../public-quote-api.ts";
import { InstantQuoteResult } from "./instant-quote-result.tsx";
import {
	Field,
	FormSection,
	PhotosAndNotes,
	PropertyFields,
	ServiceChoices,
	useInstantQuote,
} from "./quote-form-parts.tsx";
import { type ServiceSelection, selectionTotalCents } from "./service-picker.tsx";

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
type Fields = typeof EMPTY;

/** Empty optional text is left out rather than sent as "". */
const optional = (value: string) => value.trim() || undefined;

/**
 * The public quote request: contact, services, property, photos and notes, an optional instant
 * quote, then submission with the photos. Prices shown here are starting prices; the server
 * recomputes every number.
 */
export function PublicQuoteForm({ onSubmitted }: { onSubmitted: () => void }) {
	const catalog = useServiceOptions();
	const services = catalog.data ?? [];
	const [fields, setFields] = useState<Fields>(EMPTY);
	const [selection, setSelection] = useState<ServiceSelection>({});
	const [photos, setPhotos] = useState<File[]>([]);
	const [estimate, setEstimate] = useState<Estimate | null>(null);

	useEffect(() => {
		if (catalog.isError) toast.error(QUOTE_FORM_MESSAGES.loadServicesFailed);
	}, [catalog.isError]);

	const set =
		(key: keyof Fields) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
			const value = event.target.value;
			setFields((f) => ({ ...f, [key]: value }));
			// A quote for another address is no longer this property's quote.
			if (key === "address" || key === "city" || key === "state" || key === "zipCode")
				setEstimate(null);
		};
	const changeSelection = (next: ServiceSelection) => {
		setSelection(next);
		setEstimate(null);
	};

	const chosen = Object.entries(selection).map(([serviceId, quantity]) => ({
		serviceId,
		quantity,
	}));
	const total = selectionTotalCents(services, selection);
	const canEstimate = fields.address.trim() !== "" && chosen.length > 0;

	const estimateMutation = useInstantQuote(setEstimate);

	const idempotency = useIdempotencyKey();
	const submitMutation = useSubmitMutation({
		mutationFn: (form: Parameters<typeof submitPublicQuote>[0]) =>
			submitPublicQuote(form, idempotency.headers()),
		onSuccess: () => {
			idempotency.succeeded();
			toast.success(QUOTE_FORM_MESSAGES.submitted);
			onSubmitted();
		},
		onError: (error) =>
			toast.error(QUOTE_FORM_MESSAGES.submitFailed, { description: errorMessage(error) }),
	});

	const getEstimate = async () => {
		const [{ estimateRequestSchema }] = await loadSchemas();
		const parsed = estimateRequestSchema.safeParse({
			services: chosen,
			address: fields.address,
			city: optional(fields.city),
			state: optional(fields.state),
			zipCode: optional(fields.zipCode),
			notes: optional(fields.notes),
		});
		if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message);
		estimateMutation.mutate(parsed.data);
	};

	const submit = async (event: React.FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		if (
			!fields.name.trim() ||
			!fields.email.trim() ||
			!fields.address.trim() ||
			chosen.length === 0
		)
			return void toast.error(QUOTE_FORM_MESSAGES.requiredAndService);
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
		const parsed = publicQuoteSchema.safeParse(input);
		if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message);
		submitMutation.mutate({ input, photos });
	};

	return (
		<form
			noValidate
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
						<Field
							label="Full Name"
							required
							autoComplete="name"
							value={fields.name}
							onChange={set("name")}
							className="sm:col-span-2"
						/>
						<Field
							label="Email Address"
							required
							type="email"
							inputMode="email"
							autoComplete="email"
							value={fields.email}
							onChange={set("email")}
						/>
						<Field
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
						state={catalog.status}
						onRetry={() => catalog.refetch()}
						services={services}
						selection={selection}
						onChange={changeSelection}
					/>
				</FormSection>

				<FormSection
					step={3}
					title="Property Information"
					description="Where should we hang the lights?"
				>
					<PropertyFields values={fields} onChange={set} />
				</FormSection>

				<PhotosAndNotes
					step={4}
					photos={photos}
					onPhotosChange={setPhotos}
					notes={fields.notes}
					onNotesChange={set("notes")}
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
							disabled={!canEstimate}
							pending={estimateMutation.isPending}
							onClick={getEstimate}
						>
							{estimateMutation.isPending ? null : <Sparkles aria-hidden />}
							{estimateMutation.isPending ? "Generating Quote..." : "Get Instant AI Quote"}
						</Button>
						<p className="text-center text-xs text-muted-foreground">
							{canEstimate
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
