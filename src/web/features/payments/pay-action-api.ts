import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { PAYMENT_MESSAGES, type PaymentSetup } from "../../../shared/payments.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import { useMe } from "../auth/api.ts";
import { usePayBill } from "./api.ts";

/** What an unavailable payment tells the person: the owner how to fix it, a customer whom to call. */
export function useNoProviderMessage(setup: PaymentSetup | undefined) {
	const me = useMe();
	return () =>
		me.data?.role === "owner"
			? PAYMENT_MESSAGES.ownerNoProvider
			: PAYMENT_MESSAGES.customerNoProvider(setup?.phone ?? "us");
}

/**
 * Pay a bill the way this server takes cards: test mode opens the in-app checkout, Stripe its
 * hosted checkout (the server makes the session; the browser follows its address), and with
 * neither the person is told why not.
 */
export function usePayAction(setup: PaymentSetup | undefined) {
	const navigate = useNavigate();
	const payBill = usePayBill();
	const noProvider = useNoProviderMessage(setup);
	// Held from the answer until the browser has left for the hosted checkout.
	const [leavingFor, setLeavingFor] = useState<string>();
	useLeftPageReset(() => setLeavingFor(undefined));
	const pay = (billId: string) => {
		if (!setup || payBill.isPending || leavingFor) return;
		if (setup.mode === "test") return void navigate(`/app/payments/checkout/${billId}`);
		if (setup.mode === "off") return void toast.warning(noProvider());
		payBill.mutate(
			{ billId },
			{
				onSuccess: (result) => {
					if (result.kind === "paid") return void toast.success(result.message);
					setLeavingFor(billId);
					window.location.assign(result.url);
				},
				onError: (error) => toast.error(errorMessage(error)),
			},
		);
	};
	return {
		pay,
		/** The bill being sent to the hosted checkout, if any. */
		pendingBillId: leavingFor ?? (payBill.isPending ? payBill.variables?.billId : undefined),
	};
}

/** Runs `reset` when the browser brings this page back from its cache (the Back button). */
export function useLeftPageReset(reset: () => void) {
	useEffect(() => {
		const onShow = (event: PageTransitionEvent) => {
			if (event.persisted) reset();
		};
		window.addEventListener("pageshow", onShow);
		return () => window.removeEventListener("pageshow", onShow);
	});
}
