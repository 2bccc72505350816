import { MailWarning } from "lucide-react";
import { dateFormat } from "../../../../shared/dates.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { useMailStatus } from "../api.ts";

/** Shown only while e-mail is held back: how much, since when, and the mail server's last answer. */
export function MailStatusCard() {
	const { data } = useMailStatus();
	if (!data || data.retrying === 0) return null;
	const since = data.oldestRetryingSince
		? dateFormat({ dateStyle: "medium", timeStyle: "short" }).format(
				new Date(data.oldestRetryingSince),
			)
		: null;
	return (
		<Card className="border-amber-300 bg-amber-50" role="status">
			<CardHeader>
				<CardTitle className="flex items-center gap-2">
					<MailWarning className="size-5 text-amber-700" aria-hidden />
					E-mail not delivered yet
				</CardTitle>
			</CardHeader>
			<CardContent className="grid gap-1 text-sm">
				<p>
					{data.retrying === 1 ? "1 e-mail" : `${data.retrying} e-mails`} could not be sent
					{since ? ` (the oldest since ${since})` : ""}. They are tried again every hour until the
					mail server takes them.
				</p>
				{data.lastError && (
					<p className="text-muted-foreground break-words">Last error: {data.lastError}</p>
				)}
			</CardContent>
		</Card>
	);
}
