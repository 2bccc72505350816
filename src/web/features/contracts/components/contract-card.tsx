import { Download, FileSignature } from "lucide-react";
import { useEffect, useState } from "react";
import { CONTRACT_MESSAGES, type Contract, type MyContract } from "../../../../shared/contracts.ts";
import { formatCents } from "../../../../shared/money.ts";
import { LinesTable } from "../../../components/lines-table.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { contractPdfUrl, useMyContract, useSignContract } from "../api.ts";
import { SignatureFields } from "./signature-fields.tsx";
import { dayOf, TermsText } from "./terms-text.tsx";

const signContractSchema = lazySchema(
	() => import("../../../../shared/contracts.ts"),
	"signContractSchema",
);

/** The id the season timeline's Sign action scrolls to. */
export const CONTRACT_CARD_ID = "contract";
/** Opens the contract card's terms (the timeline's Sign action). */
export const OPEN_CONTRACT_EVENT = "contract:open";

/** A signed contract's PDF, downloaded from the private file route. */
export function DownloadContractButton({
	contract,
	variant = "outline",
}: {
	contract: Pick<Contract, "pdfFileId" | "seasonId">;
	variant?: "outline" | "default" | "secondary";
}) {
	return (
		<Button asChild variant={variant}>
			<a
				href={contractPdfUrl(contract.pdfFileId)}
				download={`service-agreement-${contract.seasonId}.pdf`}
			>
				<Download aria-hidden />
				Download Contract
			</a>
		</Button>
	);
}

function Lines({ quote }: { quote: NonNullable<MyContract["quote"]> }) {
	// Travel, window and revision changes are in the total, not in the lines.
	const adjustment =
		quote.totalCents - quote.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
	return (
		<LinesTable
			caption="What you are signing for"
			heading
			lines={quote.lines}
			sums={[
				...(adjustment !== 0 ? [{ label: "Adjustments", cents: adjustment }] : []),
				{ label: "Total", cents: quote.totalCents, total: true },
			]}
		/>
	);
}

function SignForm({ data }: { data: MyContract }) {
	const sign = useSignContract();
	const { form, field, validate, setErrors } = useZodForm(signContractSchema);
	const [consent, setConsent] = useState(false);
	const [name, setName] = useState("");
	const consentError = field("consent").error;
	const ready = consent && name.trim() !== "";
	const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const parsed = await validate(signContractSchema, {
			consent: consent || undefined,
			fullName: name,
		});
		if (!parsed.success) return;
		sign
			.mutateAsync({ ...parsed.data, termsVersion: data.terms.version })
			.then(() => toast.success(CONTRACT_MESSAGES.signed))
			.catch((e) => {
				if (e instanceof ApiError && e.status === 400) setErrors({ fullName: e.message });
				toast.error(errorMessage(e));
			});
	};
	return (
		<form {...form} onSubmit={onSubmit} className="grid gap-4">
			<SignatureFields
				consent={consent}
				onConsentChange={setConsent}
				consentError={consentError}
				name={name}
				onNameChange={setName}
				nameField={field("fullName")}
			>
				Typing your name below is your signature on these terms (Version {data.terms.version}).
			</SignatureFields>
			<Button type="submit" pending={sign.isPending} disabled={!ready}>
				I Agree and Sign
			</Button>
		</form>
	);
}

/**
 * The approved quote's contract: the current terms in full, the quote's lines and total, and the
 * signature (consent and the typed full name); once signed, who signed what, and the PDF.
 */
export function ContractCard() {
	const contract = useMyContract();
	const [reading, setReading] = useState(false);
	useEffect(() => {
		const open = () => setReading(true);
		window.addEventListener(OPEN_CONTRACT_EVENT, open);
		return () => window.removeEventListener(OPEN_CONTRACT_EVENT, open);
	}, []);
	if (contract.isPending)
		return (
			<Card id={CONTRACT_CARD_ID}>
				<CardContent className="py-6 text-sm text-muted-foreground" role="status">
					Loading your contract…
				</CardContent>
			</Card>
		);
	if (contract.isError || !contract.data)
		return (
			<Card id={CONTRACT_CARD_ID}>
				<CardContent className="py-6 text-sm text-destructive" role="alert">
					Failed to load your contract: {errorMessage(contract.error)}
				</CardContent>
			</Card>
		);
	const data = contract.data;
	const signed = data.contract;
	if (signed) {
		return (
			<Card id={CONTRACT_CARD_ID}>
				<CardHeader>
					<CardTitle className="flex items-center gap-2">
						<FileSignature className="size-5 text-success" aria-hidden /> Contract signed
					</CardTitle>
					<CardDescription>
						Signed by {signed.signedName} on {dayOf(signed.signedAt)} · Version{" "}
						{signed.termsVersion} · Season {signed.seasonId}
					</CardDescription>
				</CardHeader>
				<CardContent>
					<DownloadContractButton contract={signed} />
				</CardContent>
			</Card>
		);
	}
	return (
		<Card id={CONTRACT_CARD_ID} className="scroll-mt-20">
			<CardHeader>
				<CardTitle>Your service contract</CardTitle>
				<CardDescription>
					{data.quote ? `Season ${data.quote.seasonId} · ` : ""}Review the terms and sign to confirm
					your installation.
				</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-5">
				{reading ? (
					<>
						<section aria-labelledby="contract-terms-heading" className="grid gap-2">
							<h3 id="contract-terms-heading" className="text-sm font-semibold">
								Terms · Version {data.terms.version}{" "}
								<span className="font-normal text-muted-foreground">
									of {dayOf(data.terms.createdAt)}
								</span>
							</h3>
							{/* Focusable, so the terms scroll from the keyboard too. */}
							<section
								className="max-h-96 overflow-y-auto rounded-md border bg-muted/40 p-3"
								aria-label={`Terms, Version ${data.terms.version}`}
								// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard
								tabIndex={0}
							>
								<TermsText body={data.terms.body} />
							</section>
						</section>
						{data.quote ? <Lines quote={data.quote} /> : null}
						<SignForm data={data} />
					</>
				) : (
					<Button variant="secondary" onClick={() => setReading(true)}>
						Review and Sign Contract
					</Button>
				)}
			</CardContent>
		</Card>
	);
}

/** My signed contracts of every season, newest first, each with its PDF (the Profile). */
export function MyContractsCard() {
	const contract = useMyContract();
	const history = contract.data?.history ?? [];
	return (
		<Card>
			<CardHeader>
				<CardTitle>Contracts</CardTitle>
			</CardHeader>
			<CardContent>
				{contract.isPending ? (
					<p className="text-sm text-muted-foreground" role="status">
						Loading contracts…
					</p>
				) : history.length === 0 ? (
					<p className="text-sm text-muted-foreground">
						No signed contracts yet. Once your quote is approved, you sign it on Home.
					</p>
				) : (
					<ul className="grid gap-3">
						{history.map((c) => (
							<li
								key={c.id}
								className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3"
							>
								<div className="text-sm">
									<p className="font-medium">Season {c.seasonId}</p>
									<p className="text-muted-foreground">
										Signed {dayOf(c.signedAt)} · Version {c.termsVersion} ·{" "}
										{formatCents(c.totalCents)}
									</p>
								</div>
								<DownloadContractButton contract={c} />
							</li>
						))}
					</ul>
				)}
			</CardContent>
		</Card>
	);
}
