import { CalendarDays, CreditCard } from "lucide-react";
import { useState } from "react";
import { businessDate, dateFormat, formatDate } from "../../../../shared/dates.ts";
import { formatCents } from "../../../../shared/money.ts";
import type { PaymentSetup, Plan } from "../../../../shared/payments.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import {
	Dialog,
	DialogContent,
	DialogDescription,
	DialogFooter,
	DialogHeader,
	DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { useCancelPlan, useJoinPlan, usePlan } from "../api.ts";
import { useCardForm } from "../card-form-api.ts";
import { useLeftPageReset, useNoProviderMessage } from "../pay-action-api.ts";
import { brandName } from "../payment-method.ts";
import { dayOf } from "./bill-rows.tsx";
import { CardFailure, CardFields } from "./card-fields.tsx";
import { TestModeBadge, TestModeNotice } from "./test-mode-notice.tsx";

/**
 * The monthly Plan for Next Year: its price, and joining (test mode: a card typed here; Stripe:
 * its hosted checkout) or, once on it, the next charge, the card and cancelling.
 */
export function PlanCard({
	setup,
	fallbackPriceCents,
}: {
	setup: PaymentSetup | undefined;
	fallbackPriceCents: number;
}) {
	const plan = usePlan();
	const priceCents = plan.data?.priceCents ?? fallbackPriceCents;
	const active = plan.data?.status === "active";
	return (
		<Card className="border-secondary/30 bg-secondary/5" data-testid="plan-card">
			<CardHeader>
				<CardTitle className="flex flex-wrap items-center gap-2">
					<CalendarDays className="size-5 text-secondary" aria-hidden />
					Plan for Next Year
					{setup?.mode === "test" ? <TestModeBadge /> : null}
				</CardTitle>
				<CardDescription>
					Spread next season's display over monthly payments and keep your spot on our install
					calendar.
				</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-4">
				<div className="flex flex-wrap items-center justify-between gap-3">
					<p>
						<span className="font-display text-3xl font-semibold" data-testid="plan-price">
							{formatCents(priceCents)}
						</span>
						<span className="text-sm text-muted-foreground"> / month</span>
					</p>
					{plan.isPending ? null : active ? (
						<CancelPlanButton />
					) : (
						<JoinPlanButton setup={setup} priceCents={priceCents} />
					)}
				</div>
				{plan.data && active ? (
					<ActivePlan plan={plan.data} />
				) : plan.isPending ? null : (
					<p className="text-sm text-muted-foreground" data-testid="plan-charges">
						{planCharges(priceCents)}
					</p>
				)}
				{plan.data?.status === "cancelled" ? (
					<p className="text-sm text-muted-foreground">
						Your plan is cancelled: no more monthly charges. You can join again at any time.
					</p>
				) : null}
				{plan.isError ? (
					<p role="alert" className="text-sm text-destructive">
						Failed to load your plan: {errorMessage(plan.error)}
					</p>
				) : null}
			</CardContent>
		</Card>
	);
}

/**
 * When joining charges: this month at once, then on the 1st of each month (plan.service.ts), so
 * someone joining late in a month sees the second charge is days away.
 */
function planCharges(priceCents: number): string {
	const today = businessDate();
	const [year, month] = today.split("-").map(Number) as [number, number];
	const nextFirst = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
	const thisMonth = dateFormat({ timeZone: "UTC", month: "long" }).format(
		Date.UTC(year, month - 1, 1),
	);
	const price = formatCents(priceCents);
	return `Joining charges ${price} today for ${thisMonth}, then ${price} on the 1st of every month, the next on ${formatDate(nextFirst)}.`;
}

function ActivePlan({ plan }: { plan: Plan }) {
	return (
		<dl className="grid gap-1 rounded-md border bg-card p-3 text-sm" data-testid="plan-active">
			<div className="flex flex-wrap justify-between gap-2">
				<dt className="text-muted-foreground">Status</dt>
				<dd className="font-medium text-success">You're on the plan</dd>
			</div>
			{plan.nextChargeDate ? (
				<div className="flex flex-wrap justify-between gap-2">
					<dt className="text-muted-foreground">Next charge</dt>
					<dd className="font-medium">{formatDate(dayOf(plan.nextChargeDate))}</dd>
				</div>
			) : null}
			{plan.cardLast4 ? (
				<div className="flex flex-wrap justify-between gap-2">
					<dt className="text-muted-foreground">Card</dt>
					<dd className="font-medium">
						{brandName(plan.cardBrand)} •••• {plan.cardLast4}
					</dd>
				</div>
			) : null}
		</dl>
	);
}

function JoinPlanButton({
	setup,
	priceCents,
}: {
	setup: PaymentSetup | undefined;
	priceCents: number;
}) {
	const join = useJoinPlan();
	const noProvider = useNoProviderMessage(setup);
	const [open, setOpen] = useState(false);
	const [leaving, setLeaving] = useState(false);
	useLeftPageReset(() => setLeaving(false));
	const start = () => {
		if (!setup || join.isPending || leaving) return;
		if (setup.mode === "test") return setOpen(true);
		if (setup.mode === "off") return void toast.warning(noProvider());
		join.mutateAsync().then(
			(result) => {
				if (!("kind" in result)) return void toast.success(result.message);
				setLeaving(true);
				window.location.assign(result.url);
			},
			(error) => toast.error(errorMessage(error)),
		);
	};
	return (
		<>
			<Button
				variant="secondary"
				onClick={start}
				disabled={!setup}
				pending={!open && (join.isPending || leaving)}
			>
				{!open && (join.isPending || leaving) ? null : <CalendarDays aria-hidden />}
				Join the plan
			</Button>
			{setup?.mode === "test" ? (
				<JoinPlanDialog open={open} onOpenChange={setOpen} priceCents={priceCents} join={join} />
			) : null}
		</>
	);
}

/** Test mode: the card for the monthly charge, typed in a dialog; the first month is charged now. */
function JoinPlanDialog({
	open,
	onOpenChange,
	priceCents,
	join,
}: {
	open: boolean;
	onOpenChange: (open: boolean) => void;
	priceCents: number;
	join: ReturnType<typeof useJoinPlan>;
}) {
	const form = useCardForm();

	const close = (next: boolean) => {
		if (join.isPending) return;
		onOpenChange(next);
		if (!next) form.reset();
	};

	return (
		<Dialog open={open} onOpenChange={close}>
			<DialogContent>
				<DialogHeader>
					<DialogTitle>Join the Plan for Next Year</DialogTitle>
					<DialogDescription>{planCharges(priceCents)} Cancel any time.</DialogDescription>
				</DialogHeader>
				<TestModeNotice mode="test" />
				<form
					noValidate
					className="grid gap-4"
					aria-label="Plan card"
					onSubmit={async (event) => {
						event.preventDefault();
						const card = await form.start();
						if (!card) return;
						// The promise, not mutate's callbacks: this dialog leaves once the plan is active.
						join.mutateAsync(card).then(
							(result) => {
								form.settled();
								if ("kind" in result) return void window.location.assign(result.url);
								toast.success(result.message);
								close(false);
							},
							(error) => form.settled(errorMessage(error)),
						);
					}}
				>
					<CardFields {...form.fields(join.isPending)} />
					<CardFailure message={form.failure} />
					<DialogFooter>
						<Button
							type="button"
							variant="outline"
							disabled={join.isPending}
							onClick={() => close(false)}
						>
							Not now
						</Button>
						<Button type="submit" variant="secondary" pending={join.isPending}>
							{join.isPending ? null : <CreditCard aria-hidden />}
							{join.isPending ? "Processing..." : `Join for ${formatCents(priceCents)}/month`}
						</Button>
					</DialogFooter>
				</form>
			</DialogContent>
		</Dialog>
	);
}

function CancelPlanButton() {
	const cancel = useCancelPlan();
	const [open, setOpen] = useState(false);
	return (
		<Dialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
			<Button variant="outline" onClick={() => setOpen(true)}>
				Cancel plan
			</Button>
			<DialogContent>
				<DialogHeader>
					<DialogTitle>Cancel your plan?</DialogTitle>
					<DialogDescription>
						No more monthly charges will be made. Months already paid stay paid.
					</DialogDescription>
				</DialogHeader>
				<DialogFooter>
					<Button variant="outline" disabled={cancel.isPending} onClick={() => setOpen(false)}>
						Keep my plan
					</Button>
					<Button
						variant="destructive"
						pending={cancel.isPending}
						onClick={() =>
							// The promise, not mutate's callbacks: this button leaves with the active plan.
							cancel.mutateAsync().then(
								(result) => toast.success(result.message),
								(error) => toast.error(errorMessage(error)),
							)
						}
					>
						Cancel plan
					</Button>
				</DialogFooter>
			</DialogContent>
		</Dialog>
	);
}
