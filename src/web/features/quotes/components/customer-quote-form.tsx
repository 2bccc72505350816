import { Pencil, RefreshCw, Send, Sparkles } from "lucide-react";
import type * as React from "react";
import { QUOTE_FORM_MESSAGES } from "../../../../shared/estimate.ts";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { useMe } from "../../auth/api.ts";
import {
	ConfirmEmailNotice,
	needsConfirmation,
} from "../../auth/components/confirm-email-notice.tsx";
import { useSubmitCustomerQuote } from "../api.ts";
import { useQuoteDraft } from "../quote-draft-api.ts";
import { InstantQuoteResult } from "./instant-quote-result.tsx";
import {
	FormSection,
	PhotosAndNotes,
	PropertyFields,
	ServiceChoices,
} from "./quote-form-parts.tsx";

const customerQuoteSchema = lazySchema(
	() => import("../../../../shared/quote-request.ts"),
	"customerQuoteSchema",
);

type QuoteChoice = { serviceId: string; quantity: number };

// The business works in Ohio: the state is filled in, and can be changed.
const EMPTY = { address: "", city: "", state: "OH", zipCode: "", notes: "" };

/** Empty optional text is left out rather than sent as "". */
const optional = (value: string) => value.trim() || undefined;

/**
 * A signed-in customer's quote request: services, property, photos and notes, then the instant
 * quote, which can be modified or recalculated; the request is sent only once a quote is shown.
 */
export function CustomerQuoteForm({
	onSubmitted,
	lastSeason,
}: {
	onSubmitted: () => void;
	/** Last season's design, filled in for a returning customer to change. */
	lastSeason?: { place: Partial<typeof EMPTY>; lines: readonly QuoteChoice[] };
}) {
	const draft = useQuoteDraft(
		EMPTY,
		lastSeason && {
			fields: { ...EMPTY, ...lastSeason.place },
			selection: Object.fromEntries(lastSeason.lines.map((l) => [l.serviceId, l.quantity])),
		},
	);
	const { fields, set, estimate } = draft;
	const { form, field, validate } = useZodForm(customerQuoteSchema);
	// A request without photos is open to a new account; photos wait for its confirmed address.
	const { data: me } = useMe();
	const submitQuote = useSubmitCustomerQuote();

	const input = {
		address: fields.address,
		city: optional(fields.city),
		state: optional(fields.state),
		zipCode: optional(fields.zipCode),
		services: draft.choices,
		notes: optional(fields.notes),
	};

	const modify = () => {
		draft.dropEstimate();
		window.scrollTo({ top: 0, behavior: "smooth" });
	};

	const submit = async (event: React.FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		if (!estimate) return;
		const parsed = await validate(customerQuoteSchema, input);
		if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message);
		submitQuote.mutate(
			{ input, photos: draft.photos },
			{
				onSuccess: () => {
					toast.success(QUOTE_FORM_MESSAGES.submitted);
					onSubmitted();
				},
				onError: (error) =>
					toast.error(QUOTE_FORM_MESSAGES.submitFailed, { description: errorMessage(error) }),
			},
		);
	};

	return (
		<form {...form} onSubmit={submit} className="grid grid-cols-1 gap-5">
			<FormSection step={1} title="Select Services" description="Prices are starting prices.">
				<ServiceChoices
					state={draft.catalog.status}
					onRetry={() => draft.catalog.refetch()}
					services={draft.services}
					selection={draft.selection}
					onChange={draft.changeSelection}
					error={field("services").error}
				/>
			</FormSection>

			<FormSection
				step={2}
				title="Property Information"
				description="Where should we hang the lights?"
			>
				<PropertyFields values={fields} onChange={set} field={field} />
			</FormSection>

			<PhotosAndNotes
				step={3}
				photos={draft.photos}
				onPhotosChange={draft.setPhotos}
				notes={fields.notes}
				onNotesChange={set("notes")}
				field={field}
				photosLocked={needsConfirmation(me) ? <ConfirmEmailNotice what="add photos" /> : undefined}
			/>

			{estimate ? (
				<div className="grid gap-3">
					<InstantQuoteResult estimate={estimate} />
					<div className="grid grid-cols-2 gap-3">
						<Button type="button" variant="outline" onClick={modify}>
							<Pencil aria-hidden />
							Modify
						</Button>
						<Button
							type="button"
							variant="outline"
							pending={draft.estimating.isPending}
							onClick={draft.requestEstimate}
						>
							{draft.estimating.isPending ? null : <RefreshCw aria-hidden />}
							{draft.estimating.isPending ? "Generating Quote..." : "Recalculate"}
						</Button>
					</div>
				</div>
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
							? "See your price range, then send your request."
							: "Enter your street address and choose a service to get an instant quote."}
					</p>
				</div>
			)}

			<Button type="submit" size="lg" disabled={!estimate} pending={submitQuote.isPending}>
				{submitQuote.isPending ? null : <Send aria-hidden />}
				{submitQuote.isPending ? "Submitting..." : "Submit Quote Request"}
			</Button>
		</form>
	);
}
