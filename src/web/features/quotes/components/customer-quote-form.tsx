import { Pencil, RefreshCw, Send, Sparkles } from "lucide-react";
import type * as React from "react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import {
	type Estimate,
	estimateRequestSchema,
	QUOTE_FORM_MESSAGES,
} from "../../../../shared/estimate.ts";
import { customerQuoteSchema } from "../../../../shared/quote-request.ts";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useMe } from "../../auth/api.ts";
import {
	ConfirmEmailNotice,
	needsConfirmation,
} from "../../auth/components/confirm-email-notice.tsx";
import { useServiceOptions } from "../../catalog/api.ts";
import { useSubmitCustomerQuote } from "../api.ts";
import { InstantQuoteResult } from "./instant-quote-result.tsx";
import {
	FormSection,
	PhotosAndNotes,
	PropertyFields,
	ServiceChoices,
	useInstantQuote,
} from "./quote-form-parts.tsx";
import type { ServiceSelection } from "./service-picker.tsx";

// The business works in Ohio: the state is filled in, and can be changed.
const EMPTY = { address: "", city: "", state: "OH", zipCode: "", notes: "" };
type Fields = typeof EMPTY;

/** Empty optional text is left out rather than sent as "". */
const optional = (value: string) => value.trim() || undefined;

/**
 * A signed-in customer's quote request: services, property, photos and notes, then the instant
 * quote, which can be modified or recalculated; the request is sent only once a quote is shown.
 */
export function CustomerQuoteForm({ onSubmitted }: { onSubmitted: () => void }) {
	const catalog = useServiceOptions();
	const [fields, setFields] = useState<Fields>(EMPTY);
	const [selection, setSelection] = useState<ServiceSelection>({});
	const [photos, setPhotos] = useState<File[]>([]);
	// A request without photos is open to a new account; photos wait for its confirmed address.
	const { data: me } = useMe();
	const [estimate, setEstimate] = useState<Estimate | null>(null);
	const submitQuote = useSubmitCustomerQuote();

	useEffect(() => {
		if (catalog.isError) toast.error(QUOTE_FORM_MESSAGES.loadServicesFailed);
	}, [catalog.isError]);

	const set =
		(key: keyof Fields) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
			const value = event.target.value;
			setFields((f) => ({ ...f, [key]: value }));
			// The quote shown is for what was entered then: a change asks for a new one.
			if (key !== "notes") setEstimate(null);
		};
	const changeSelection = (next: ServiceSelection) => {
		setSelection(next);
		setEstimate(null);
	};

	const input = {
		address: fields.address,
		city: optional(fields.city),
		state: optional(fields.state),
		zipCode: optional(fields.zipCode),
		services: Object.entries(selection).map(([serviceId, quantity]) => ({ serviceId, quantity })),
		notes: optional(fields.notes),
	};
	const canEstimate = fields.address.trim() !== "" && input.services.length > 0;

	const estimateMutation = useInstantQuote(setEstimate);

	const getEstimate = () => {
		const parsed = estimateRequestSchema.safeParse(input);
		if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message);
		estimateMutation.mutate(parsed.data);
	};

	const modify = () => {
		setEstimate(null);
		window.scrollTo({ top: 0, behavior: "smooth" });
	};

	const submit = (event: React.FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		if (!estimate) return;
		const parsed = customerQuoteSchema.safeParse(input);
		if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message);
		submitQuote.mutate(
			{ input, photos },
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
		<form noValidate onSubmit={submit} className="grid grid-cols-1 gap-5">
			<FormSection step={1} title="Select Services" description="Prices are starting prices.">
				<ServiceChoices
					state={catalog.status}
					onRetry={() => catalog.refetch()}
					services={catalog.data ?? []}
					selection={selection}
					onChange={changeSelection}
				/>
			</FormSection>

			<FormSection
				step={2}
				title="Property Information"
				description="Where should we hang the lights?"
			>
				<PropertyFields values={fields} onChange={set} />
			</FormSection>

			<PhotosAndNotes
				step={3}
				photos={photos}
				onPhotosChange={setPhotos}
				notes={fields.notes}
				onNotesChange={set("notes")}
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
							pending={estimateMutation.isPending}
							onClick={getEstimate}
						>
							{estimateMutation.isPending ? null : <RefreshCw aria-hidden />}
							{estimateMutation.isPending ? "Generating Quote..." : "Recalculate"}
						</Button>
					</div>
				</div>
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
