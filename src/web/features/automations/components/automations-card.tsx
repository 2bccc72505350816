import type * as React from "react";
import { useState } from "react";
import {
	AUTOMATION_KINDS,
	AUTOMATION_LABELS,
	type AutomationKind,
	type AutomationSend,
} from "../../../../shared/automations.ts";
import { BUSINESS_TIME_ZONE, dateFormat, formatDate } from "../../../../shared/dates.ts";
import { FormField } from "../../../components/form-field.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { errorMessage, fieldErrorsOf } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema } from "../../../lib/use-zod-form.ts";
import { useAutomations, useSaveReviewUrl, useSwitchAutomation } from "../api.ts";

const reviewUrlSchema = lazySchema(
	() => import("../../../../shared/automations.ts"),
	"reviewUrlSchema",
);

const sentAt = (iso: string) =>
	dateFormat({
		timeZone: BUSINESS_TIME_ZONE,
		month: "short",
		day: "numeric",
		hour: "numeric",
		minute: "2-digit",
	}).format(new Date(iso));

const STATUS_LABEL = {
	pending: "Waiting",
	sent: "Sent",
	failed: "Failed",
	skipped: "Switched off",
} as const;
const STATUS_VARIANT = {
	pending: "default",
	sent: "success",
	failed: "danger",
	skipped: "default",
} as const;

/** Settings → Automations: each reminder's switch, and the last ones that went out. */
export function AutomationsCard() {
	const automations = useAutomations();
	const toggle = useSwitchAutomation();
	const needsLink = (kind: AutomationKind) =>
		kind === "review_request" && !automations.data?.reviewUrl;
	return (
		<Card>
			<CardHeader>
				<CardTitle>Automations</CardTitle>
				<CardDescription>
					Reminders sent by e-mail and push between 10 AM and 9 PM, each once, to customers with
					something due. Below: every e-mail reminder and push that went out lately.
				</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-6">
				{automations.isError ? (
					<p className="text-sm text-destructive" role="alert">
						Failed to load automations: {errorMessage(automations.error)}
					</p>
				) : !automations.data ? (
					<p className="min-h-40 text-sm text-muted-foreground" role="status">
						Loading automations…
					</p>
				) : (
					<>
						<ul className="grid gap-3" aria-label="Reminders">
							{AUTOMATION_KINDS.map((kind) => {
								const id = `automation-${kind}`;
								const pending = toggle.isPending && toggle.variables?.kind === kind;
								return (
									<li key={kind} className="flex items-center justify-between gap-4">
										<div className="grid gap-0.5">
											<Label htmlFor={id} className="font-normal">
												{AUTOMATION_LABELS[kind]}
											</Label>
											{needsLink(kind) ? (
												<p id={`${id}-hint`} className="text-xs text-muted-foreground">
													Add a review link below to send it
												</p>
											) : null}
										</div>
										<Switch
											id={id}
											aria-describedby={needsLink(kind) ? `${id}-hint` : undefined}
											checked={
												pending ? toggle.variables!.enabled : automations.data.switches[kind]
											}
											disabled={pending}
											aria-busy={pending}
											onCheckedChange={(enabled) =>
												toggle.mutate(
													{ kind, enabled },
													{
														onError: (error) =>
															toast.error(`Could not save: ${errorMessage(error)}`),
													},
												)
											}
										/>
									</li>
								);
							})}
						</ul>
						<ReviewLinkForm saved={automations.data.reviewUrl} />
						<section aria-labelledby="automations-recent">
							<h3 id="automations-recent" className="mb-2 font-semibold">
								Recently sent
							</h3>
							{automations.data.recent.length === 0 ? (
								<p className="text-sm text-muted-foreground">
									Nothing sent yet. Reminders appear here as they go out.
								</p>
							) : (
								<ul className="grid gap-2 text-sm">
									{automations.data.recent.map((send) => (
										<SendRow key={`${send.channel}-${send.id}`} send={send} />
									))}
								</ul>
							)}
						</section>
					</>
				)}
			</CardContent>
		</Card>
	);
}

/** The review request's link: a web address, or empty for none. */
function ReviewLinkForm({ saved }: { saved: string | null }) {
	const save = useSaveReviewUrl();
	const [value, setValue] = useState(saved ?? "");
	const [error, setError] = useState<string | null>(null);
	const submit = async (event: React.FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		if (save.isPending) return;
		const parsed = (await reviewUrlSchema.load()).safeParse(value);
		if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Check the link");
		setError(null);
		save.mutate(value.trim(), {
			onSuccess: () => toast.success(value.trim() ? "Review link saved" : "Review link removed"),
			onError: (e) => {
				const field = fieldErrorsOf(e).reviewUrl;
				if (field) setError(field);
				else toast.error(`Could not save: ${errorMessage(e)}`);
			},
		});
	};
	return (
		<form className="grid gap-3" onSubmit={submit} noValidate>
			<FormField
				label="Review link"
				type="url"
				inputMode="url"
				placeholder="https://g.page/r/…/review"
				hint="Where the review request sends customers, e.g. your Google Business review page."
				value={value}
				error={error}
				onChange={(e) => setValue(e.target.value)}
			/>
			<Button
				type="submit"
				variant="outline"
				pending={save.isPending}
				className="justify-self-start"
			>
				Save Link
			</Button>
		</form>
	);
}

function SendRow({ send }: { send: AutomationSend }) {
	return (
		<li className="grid gap-0.5 rounded-md border p-3">
			<div className="flex flex-wrap items-center justify-between gap-2">
				<span className="font-medium">{send.label}</span>
				<Badge variant={STATUS_VARIANT[send.status]}>{STATUS_LABEL[send.status]}</Badge>
			</div>
			<p className="text-muted-foreground [overflow-wrap:anywhere]">
				{send.customerName ?? "A customer"}
				{send.to ? ` · ${send.to}` : ""}
				{send.occurrence
					? ` · for ${/^\d{4}-\d{2}-\d{2}$/.test(send.occurrence) ? formatDate(send.occurrence) : send.occurrence}`
					: ""}{" "}
				· {send.channel === "push" ? "push" : "e-mail"}, {sentAt(send.createdAt)}
			</p>
			{send.error ? (
				<p className="text-destructive [overflow-wrap:anywhere]">{send.error}</p>
			) : null}
		</li>
	);
}
