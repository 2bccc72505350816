import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { formatDate } from "../../../../shared/dates.ts";
import { formatCents } from "../../../../shared/money.ts";
import { type RenewalOffer, renewTitle } from "../../../../shared/renewals.ts";
import { TextareaField } from "../../../components/form-field.tsx";
import { LinesTable } from "../../../components/lines-table.tsx";
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
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { SignatureFields } from "../../contracts/components/signature-fields.tsx";
import { TermsText } from "../../contracts/components/terms-text.tsx";
import { useAcceptRenewal, useDeclineRenewal, useMyRenewal } from "../api.ts";

const acceptRenewalSchema = lazySchema(
	() => import("../../../../shared/renewals.ts"),
	"acceptRenewalSchema",
);

function OfferLines({ offer }: { offer: RenewalOffer }) {
	return (
		<LinesTable
			caption="What the renewal includes"
			lines={offer.lines}
			sums={[
				{
					label: `Re-install discount (${offer.discountPct}%)`,
					cents: offer.priceCents - offer.listCents,
				},
				{ label: "Total", cents: offer.priceCents, total: true },
			]}
		/>
	);
}

/** The one confirmation: lines, total, the window they book first, the terms, the signature. */
function RenewDialog({
	offer,
	open,
	onOpenChange,
}: {
	offer: RenewalOffer;
	open: boolean;
	onOpenChange: (open: boolean) => void;
}) {
	const accept = useAcceptRenewal();
	const navigate = useNavigate();
	const { form, field, validate, setErrors } = useZodForm(acceptRenewalSchema);
	const [consent, setConsent] = useState(false);
	const [name, setName] = useState("");
	const consentError = field("consent").error;
	const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const parsed = await validate(acceptRenewalSchema, {
			consent: consent || undefined,
			fullName: name,
			termsVersion: offer.terms.version,
		});
		if (!parsed.success) return;
		accept
			.mutateAsync({ id: offer.id, ...parsed.data })
			.then((done) => {
				toast.success(`Renewed for ${offer.seasonId}: now pick your install day`);
				onOpenChange(false);
				navigate(done.next);
			})
			.catch((e) => {
				setErrors({ fullName: errorMessage(e) });
				toast.error(errorMessage(e));
			});
	};
	const first = offer.firstWindow;
	return (
		<Dialog open={open} onOpenChange={onOpenChange}>
			<DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
				<DialogHeader>
					<DialogTitle>{renewTitle(offer.seasonId)}</DialogTitle>
					<DialogDescription>
						Same design as last season, at {formatCents(offer.priceCents)}, held until{" "}
						{formatDate(offer.expiresOn)}.
					</DialogDescription>
				</DialogHeader>
				<OfferLines offer={offer} />
				{first ? (
					<p className="rounded-md bg-muted p-3 text-sm">
						<strong>{first.name}</strong> ({formatDate(first.startsOn)} to{" "}
						{formatDate(first.endsOn)}) is yours to book first: it opens to new customers on{" "}
						{formatDate(first.opensToNewOn)}.
					</p>
				) : null}
				{offer.termsChanged ? (
					<section aria-label="Terms to sign" className="grid gap-2">
						<p className="text-sm font-medium">
							{offer.lastSignedVersion === null
								? // Signed on paper (or never here): nothing of theirs to compare with.
									`Please read and sign our terms (Version ${offer.terms.version}).`
								: `Our terms changed since you last signed (Version ${offer.lastSignedVersion}): please read Version ${offer.terms.version} before signing.`}
						</p>
						{/* Focusable, so the terms scroll from the keyboard too. */}
						<section
							aria-label={`Terms, Version ${offer.terms.version}`}
							// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll from the keyboard
							tabIndex={0}
							className="max-h-56 overflow-y-auto rounded-md border p-3 text-sm wrap-anywhere"
						>
							<TermsText body={offer.terms.body} />
						</section>
					</section>
				) : (
					<p className="text-sm text-muted-foreground">
						Same terms as you signed (Version {offer.terms.version}
						{offer.lastSignedAt ? `, signed ${formatDate(offer.lastSignedAt.slice(0, 10))}` : ""}
						).
					</p>
				)}
				<form {...form} onSubmit={onSubmit} className="grid gap-4" aria-label="Renew and sign">
					<SignatureFields
						consent={consent}
						onConsentChange={setConsent}
						consentError={consentError}
						name={name}
						onNameChange={setName}
						nameField={field("fullName")}
					>
						Typing your name is your signature on the terms (Version {offer.terms.version}) for{" "}
						{offer.seasonId}.
					</SignatureFields>
					<DialogFooter>
						<Button type="submit" pending={accept.isPending}>
							Sign and Renew
						</Button>
					</DialogFooter>
				</form>
			</DialogContent>
		</Dialog>
	);
}

function DeclineDialog({
	offer,
	open,
	onOpenChange,
}: {
	offer: RenewalOffer;
	open: boolean;
	onOpenChange: (open: boolean) => void;
}) {
	const decline = useDeclineRenewal();
	const [reason, setReason] = useState("");
	const [error, setError] = useState<string | undefined>();
	return (
		<Dialog open={open} onOpenChange={onOpenChange}>
			<DialogContent className="sm:max-w-md">
				<DialogHeader>
					<DialogTitle>Not this year?</DialogTitle>
					<DialogDescription>
						We will miss lighting your home in {offer.seasonId}. Your returning-customer price is
						lost after a year off.
					</DialogDescription>
				</DialogHeader>
				<form
					className="grid gap-4"
					aria-label="Decline the renewal"
					onSubmit={(event) => {
						event.preventDefault();
						decline
							.mutateAsync({ id: offer.id, reason })
							.then(() => {
								toast.success("Thanks for letting us know");
								onOpenChange(false);
							})
							.catch((e) => {
								setError(errorMessage(e));
								toast.error(errorMessage(e));
							});
					}}
				>
					<TextareaField
						label="Reason (optional)"
						name="reason"
						maxLength={500}
						value={reason}
						error={error}
						onChange={(e) => setReason(e.target.value)}
					/>
					<DialogFooter>
						<Button type="submit" variant="destructive" pending={decline.isPending}>
							Not This Year
						</Button>
					</DialogFooter>
				</form>
			</DialogContent>
		</Dialog>
	);
}

/** Home's renewal card: next season at last season's design, the price and until when it holds. */
export function RenewCard() {
	const renewal = useMyRenewal();
	const [renewing, setRenewing] = useState(false);
	const [declining, setDeclining] = useState(false);
	const offer = renewal.data?.offer;
	if (!offer || offer.state === "accepted") return null;
	const open = offer.state === "offered";
	return (
		<Card className="min-w-0 border-primary/40">
			<CardHeader>
				<CardTitle className="flex items-center gap-2">
					<RefreshCw className="size-5 text-primary" aria-hidden /> {renewTitle(offer.seasonId)}
				</CardTitle>
				<CardDescription>
					{open
						? `Last season's display, ${formatCents(offer.priceCents)} with your ${offer.discountPct}% re-install discount, held until ${formatDate(offer.expiresOn)}.`
						: offer.state === "declined"
							? "You told us not this year. Changed your mind? Ask for a quote."
							: `This offer ended on ${formatDate(offer.expiresOn)}: ask for a quote at this season's prices.`}
				</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-4">
				{open ? (
					<>
						<p className="flex flex-wrap items-baseline gap-x-2 text-sm">
							<span className="text-2xl font-semibold tabular-nums">
								{formatCents(offer.priceCents)}
							</span>{" "}
							<s className="text-muted-foreground tabular-nums">{formatCents(offer.listCents)}</s>
						</p>
						<p className="text-sm text-muted-foreground wrap-anywhere">
							Includes{" "}
							{offer.lines
								.map((l) => (l.quantity > 1 ? `${l.name} × ${l.quantity}` : l.name))
								.join(", ")}
							.
						</p>
						<div className="flex flex-wrap gap-2">
							<Button onClick={() => setRenewing(true)}>Renew</Button>
							<Button asChild variant="outline">
								<Link to="/app/quote-request?from=renewal">Change My Design</Link>
							</Button>
							<Button variant="ghost" onClick={() => setDeclining(true)}>
								Not This Year
							</Button>
						</div>
						<RenewDialog offer={offer} open={renewing} onOpenChange={setRenewing} />
						<DeclineDialog offer={offer} open={declining} onOpenChange={setDeclining} />
					</>
				) : (
					<Button asChild variant="outline" className="justify-self-start">
						<Link to="/app/quote-request">Request a Quote</Link>
					</Button>
				)}
			</CardContent>
		</Card>
	);
}
