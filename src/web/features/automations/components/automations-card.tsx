import { toast } from "sonner";
import {
	AUTOMATION_KINDS,
	AUTOMATION_LABELS,
	type AutomationSend,
} from "../../../../shared/automations.ts";
import { formatDate } from "../../../../shared/dates.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useAutomations, useSwitchAutomation } from "../api.ts";

const sentAt = new Intl.DateTimeFormat("en-US", {
	timeZone: "America/New_York",
	month: "short",
	day: "numeric",
	hour: "numeric",
	minute: "2-digit",
});

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
										<Label htmlFor={id} className="font-normal">
											{AUTOMATION_LABELS[kind]}
										</Label>
										<Switch
											id={id}
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
				· {send.channel === "push" ? "push" : "e-mail"}, {sentAt.format(new Date(send.createdAt))}
			</p>
			{send.error ? (
				<p className="text-destructive [overflow-wrap:anywhere]">{send.error}</p>
			) : null}
		</li>
	);
}
