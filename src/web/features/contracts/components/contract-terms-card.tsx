import { useState } from "react";
import { CONTRACT_MESSAGES } from "../../../../shared/contracts.ts";
import { TextareaField } from "../../../components/form-field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { useContractTerms, useSaveTerms } from "../api.ts";
import { dayOf, TermsText } from "./terms-text.tsx";

const saveTermsSchema = lazySchema(
	() => import("../../../../shared/contracts.ts"),
	"saveTermsSchema",
);

/**
 * Settings → Contract Terms: the owner edits the agreement; saving makes the next version, and
 * every version stays listed as it was signed.
 */
export function ContractTermsCard() {
	const terms = useContractTerms();
	const save = useSaveTerms();
	const { form, field, validate, setErrors } = useZodForm(saveTermsSchema);
	const [draft, setDraft] = useState<string | null>(null);
	const [shown, setShown] = useState<number | null>(null);
	const versions = terms.data?.versions ?? [];
	const current = versions[0];
	const text = draft ?? current?.body ?? "";
	const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const parsed = await validate(saveTermsSchema, { body: text });
		if (!parsed.success) return void toast.error(parsed.error.issues[0]!.message);
		save
			.mutateAsync(parsed.data)
			.then((saved) => {
				setDraft(null);
				toast.success(CONTRACT_MESSAGES.saved(saved.version));
			})
			.catch((e) => {
				setErrors({ body: errorMessage(e) });
				toast.error(`Failed to save the terms: ${errorMessage(e)}`);
			});
	};
	return (
		<Card>
			<CardHeader>
				<CardTitle>Contract Terms</CardTitle>
				<CardDescription>
					What customers sign with their approved quote. Saving makes a new version; contracts
					already signed keep the version they signed. A line starting with "## " is a heading, "- "
					or "1. " a list item.
				</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-6">
				{terms.isPending ? (
					<p className="text-sm text-muted-foreground" role="status">
						Loading the terms…
					</p>
				) : terms.isError ? (
					<p className="text-sm text-destructive" role="alert">
						Failed to load the terms: {errorMessage(terms.error)}
					</p>
				) : (
					<form {...form} onSubmit={onSubmit} className="grid gap-3">
						<TextareaField
							label="Terms"
							hint={current ? `Now in force: Version ${current.version}` : undefined}
							rows={14}
							value={text}
							onChange={(e) => setDraft(e.target.value)}
							{...field("body")}
						/>
						<div className="flex flex-wrap gap-2">
							<Button
								type="submit"
								pending={save.isPending}
								disabled={draft === null || draft === current?.body}
							>
								Save as New Version
							</Button>
							{draft !== null ? (
								<Button type="button" variant="ghost" onClick={() => setDraft(null)}>
									Discard Changes
								</Button>
							) : null}
						</div>
					</form>
				)}
				<section aria-labelledby="terms-versions" className="grid gap-2">
					<h3 id="terms-versions" className="text-sm font-semibold">
						Versions
					</h3>
					{versions.length === 0 ? (
						<p className="text-sm text-muted-foreground">No versions saved yet.</p>
					) : (
						<ul className="grid gap-2">
							{versions.map((v) => (
								<li key={v.version} className="rounded-md border p-3">
									<div className="flex flex-wrap items-center justify-between gap-2">
										<p className="text-sm">
											<span className="font-medium">Version {v.version}</span>{" "}
											<span className="text-muted-foreground">· {dayOf(v.createdAt)}</span>
										</p>
										<Button
											type="button"
											size="sm"
											variant="ghost"
											aria-expanded={shown === v.version}
											onClick={() => setShown(shown === v.version ? null : v.version)}
										>
											{shown === v.version ? "Hide" : "Show"}
											<span className="sr-only"> Version {v.version}</span>
										</Button>
									</div>
									{shown === v.version ? (
										<section
											className="mt-2 max-h-72 overflow-y-auto rounded bg-muted/40 p-3"
											aria-label={`Version ${v.version}`}
											// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard
											tabIndex={0}
										>
											<TermsText body={v.body} />
										</section>
									) : null}
								</li>
							))}
						</ul>
					)}
				</section>
			</CardContent>
		</Card>
	);
}
