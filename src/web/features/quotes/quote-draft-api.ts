import { useMutation } from "@tanstack/react-query";
import type * as React from "react";
import { useEffect, useState } from "react";
import type { Estimate } from "../../../shared/estimate.ts";
import { QUOTE_FORM_MESSAGES } from "../../../shared/quote-form.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import { lazySchema } from "../../lib/use-zod-form.ts";
import { useServiceOptions } from "../catalog/api.ts";
import type { ServiceSelection } from "./components/service-picker.tsx";
import { requestEstimate } from "./public-quote-api.ts";

/** The property and notes every quote form asks for; a form adds its own fields. */
type PropertyDraft = {
	address: string;
	city: string;
	state: string;
	zipCode: string;
	notes: string;
};

/** A quote for another address is no longer this property's quote. */
const PROPERTY_KEYS: readonly string[] = ["address", "city", "state", "zipCode"];
/** The most of one service a form may ask for (the schemas say the same). */
const MAX_QUANTITY = 500;

/** Loaded with the first instant quote asked for, not with the page (decisions 018 and 045). */
const estimateRequestSchema = lazySchema(
	() => import("../../../shared/estimate.ts"),
	"estimateRequestSchema",
);

/** Empty optional text is left out rather than sent as "". */
const optional = (value: string) => value.trim() || undefined;

/**
 * What the three quote forms (public, customer, the owner's Add Customer) keep while a quote is
 * drafted: the catalogue, the typed fields, the services with their quantities and the owner's
 * prices, the photos, and the instant quote, asked for with SPEC's toasts and dropped when what it
 * was for changes.
 */
export function useQuoteDraft<F extends PropertyDraft>(
	empty: F,
	/** What the form opens with (last season's design, for a returning customer). */
	initial?: { fields: F; selection: ServiceSelection },
) {
	const catalog = useServiceOptions();
	const services = catalog.data ?? [];
	const [fields, setFields] = useState<F>(initial?.fields ?? empty);
	const [selection, setSelection] = useState<ServiceSelection>(initial?.selection ?? {});
	const [prices, setPrices] = useState<Readonly<Record<string, string>>>({});
	const [photos, setPhotos] = useState<File[]>([]);
	const [estimate, setEstimate] = useState<Estimate | null>(null);

	useEffect(() => {
		if (catalog.isError) toast.error(QUOTE_FORM_MESSAGES.loadServicesFailed);
	}, [catalog.isError]);

	const estimating = useMutation({
		mutationFn: requestEstimate,
		onSuccess: (result) => {
			setEstimate(result);
			toast.success(QUOTE_FORM_MESSAGES.estimateReady);
		},
		onError: (error) =>
			toast.error(QUOTE_FORM_MESSAGES.estimateFailed, { description: errorMessage(error) }),
	});

	const changeSelection = (next: ServiceSelection) => {
		setSelection(next);
		setEstimate(null);
	};
	/** The services chosen, in the catalogue's order. */
	const chosen = services.filter((s) => selection[s.id] !== undefined);
	/** The services chosen with their quantities, as the schemas take them. */
	const choices = Object.entries(selection)
		// A service taken off the catalogue since a draft was filled in is left out.
		.filter(([id]) => !catalog.data || services.some((s) => s.id === id))
		.map(([serviceId, quantity]) => ({ serviceId, quantity }));
	const canEstimate = fields.address.trim() !== "" && choices.length > 0;

	return {
		catalog,
		services,
		fields,
		/** The change handler of a text field. */
		set:
			(key: keyof F & string) =>
			(event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
				const value = event.target.value;
				setFields((f) => ({ ...f, [key]: value }));
				if (PROPERTY_KEYS.includes(key)) setEstimate(null);
			},
		selection,
		changeSelection,
		/** A quantity typed by hand: whole, at least 1 (below becomes 1), at most 500. */
		setQuantity: (id: string, typed: string) => {
			const n = Math.floor(Number(typed));
			changeSelection({
				...selection,
				[id]: Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_QUANTITY) : 1,
			});
		},
		chosen,
		choices,
		/** The price typed for a service, in dollars; its base price until one is typed. */
		priceOf: (id: string, basePriceCents: number) =>
			prices[id] ?? (basePriceCents / 100).toFixed(2),
		setPrice: (id: string, dollars: string) => setPrices((p) => ({ ...p, [id]: dollars })),
		photos,
		setPhotos,
		estimate,
		/** Drops the instant quote (to modify the request before asking again). */
		dropEstimate: () => setEstimate(null),
		canEstimate,
		estimating,
		/** Get Instant AI Quote: checked with the schema the server uses, then asked for. */
		requestEstimate: async () => {
			const schema = await estimateRequestSchema.load();
			const parsed = schema.safeParse({
				services: choices,
				address: fields.address,
				city: optional(fields.city),
				state: optional(fields.state),
				zipCode: optional(fields.zipCode),
				notes: optional(fields.notes),
			});
			if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message);
			estimating.mutate(parsed.data);
		},
		reset: () => {
			setFields(empty);
			setSelection({});
			setPrices({});
			setPhotos([]);
			setEstimate(null);
		},
	};
}
