import type { StripeCardElement } from "@stripe/stripe-js";
import type * as React from "react";
import { useEffect, useRef, useState } from "react";

/** Who the card belongs to and where it is billed, as Stripe names them. */
type BillingDetails = {
	name: string;
	address: { line1?: string; city?: string; state?: string; postal_code?: string };
};

/** What the form can do with the card typed into Stripe's element. */
export type StripeCardHandle = {
	/** Turns the card into a PaymentMethod at Stripe and returns its id (pm_...). */
	createPaymentMethod: (billing: BillingDetails) => Promise<string>;
};

export type StripeCardState = { complete: boolean; empty: boolean; error?: string };

/**
 * Stripe's own card field (number, expiry, CVC) in an iframe from Stripe, so the number never
 * reaches this server. Stripe.js is loaded only when this renders: only with Stripe configured.
 */
export function StripeCardField({
	publishableKey,
	handleRef,
	onChange,
	disabled,
}: {
	publishableKey: string;
	handleRef: React.RefObject<StripeCardHandle | null>;
	onChange: (state: StripeCardState) => void;
	disabled?: boolean;
}) {
	const mountRef = useRef<HTMLDivElement>(null);
	const cardRef = useRef<StripeCardElement | null>(null);
	const onChangeRef = useRef(onChange);
	onChangeRef.current = onChange;
	const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
	const [error, setError] = useState<string>();

	useEffect(() => {
		let cancelled = false;
		let card: StripeCardElement | null = null;
		import("@stripe/stripe-js")
			.then(({ loadStripe }) => loadStripe(publishableKey))
			.then((stripe) => {
				if (cancelled) return;
				if (!stripe || !mountRef.current) return setStatus("failed");
				card = stripe.elements().create("card", {
					hidePostalCode: true,
					style: { base: { fontSize: "16px", color: "#1c1917" } },
				});
				card.on("change", (event) => {
					setError(event.error?.message);
					onChangeRef.current({
						complete: event.complete,
						empty: event.empty,
						error: event.error?.message,
					});
				});
				card.mount(mountRef.current);
				cardRef.current = card;
				const mounted = card;
				handleRef.current = {
					createPaymentMethod: async (billing) => {
						const result = await stripe.createPaymentMethod({
							type: "card",
							card: mounted,
							billing_details: billing,
						});
						if (result.error) throw new Error(result.error.message ?? "Your card was declined");
						return result.paymentMethod.id;
					},
				};
				setStatus("ready");
			})
			.catch(() => !cancelled && setStatus("failed"));
		return () => {
			cancelled = true;
			card?.destroy();
			cardRef.current = null;
			handleRef.current = null;
		};
	}, [publishableKey, handleRef]);

	useEffect(() => {
		cardRef.current?.update({ disabled });
	}, [disabled]);

	return (
		<fieldset className="grid gap-2">
			<legend className="mb-2 text-sm font-medium leading-none">Card Details</legend>
			<div
				ref={mountRef}
				className="min-h-11 rounded-md border border-input bg-card px-3 py-3 shadow-xs"
				data-testid="stripe-card"
			/>
			{status === "loading" ? (
				<p className="text-xs text-muted-foreground">Loading Stripe's secure card field...</p>
			) : null}
			{status === "failed" ? (
				<p role="alert" className="text-sm text-destructive">
					Stripe's card field could not load. Check the connection and the publishable key.
				</p>
			) : null}
			{error ? <p className="text-sm text-destructive">{error}</p> : null}
		</fieldset>
	);
}
