import { ExternalLink } from "lucide-react";
import { PageHeading } from "../../components/shell/app-shell.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { mayOpen } from "../../features/auth/api.ts";
import { InviteOwnerCard } from "../../features/auth/components/invite-owner-card.tsx";
import { SignOutButton } from "../../features/auth/components/sign-out-button.tsx";
import { automationsQuery } from "../../features/automations/api.ts";
import { AutomationsCard } from "../../features/automations/components/automations-card.tsx";
import { bookingQueries } from "../../features/bookings/api.ts";
import { SeasonSettingsCard } from "../../features/bookings/components/season-settings-card.tsx";
import { contractQueries } from "../../features/contracts/api.ts";
import { ContractTermsCard } from "../../features/contracts/components/contract-terms-card.tsx";
import { crewQueries } from "../../features/crew/api.ts";
import { CrewSettingsCard } from "../../features/crew/components/crew-settings-card.tsx";
import { mailQueries } from "../../features/email/api.ts";
import { MailStatusCard } from "../../features/email/components/mail-status-card.tsx";
import { notificationQueries } from "../../features/notifications/api.ts";
import { NotificationsCard } from "../../features/notifications/components/notifications-card.tsx";
import { settingsQueries, useOwnerSettings } from "../../features/settings/api.ts";
import { BusinessSettingsForm } from "../../features/settings/components/business-settings-form.tsx";
import { ServiceOptionsCard } from "../../features/settings/components/service-options-card.tsx";
import { storageQueries } from "../../features/storage/api.ts";
import { StorageSettingsCard } from "../../features/storage/components/storage-settings-card.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { firstData } from "../../lib/first-data.ts";

export function meta() {
	return [{ title: "Settings | Buckeye Holiday Lights" }];
}

/** Every card of Settings, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = () =>
	firstData(mayOpen("owner"), (client) => [
		client.prefetchQuery(settingsQueries.owner()),
		client.prefetchQuery(settingsQueries.services()),
		client.prefetchQuery(bookingQueries.settings()),
		client.prefetchQuery(bookingQueries.windows()),
		client.prefetchQuery(mailQueries.status()),
		client.prefetchQuery(automationsQuery),
		client.prefetchQuery(contractQueries.terms()),
		client.prefetchQuery(crewQueries.members()),
		client.prefetchQuery(storageQueries.locations()),
		client.prefetchQuery(notificationQueries.preferences),
		client.prefetchQuery(notificationQueries.pushKey),
	]);

export default function OwnerSettings() {
	const settings = useOwnerSettings();
	return (
		<div className="later-cards grid gap-6">
			<PageHeading title="Settings" />
			<MailStatusCard />
			<Card>
				<CardHeader>
					<CardTitle>Your website</CardTitle>
				</CardHeader>
				<CardContent className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
					<a
						className="inline-flex items-center gap-2 text-primary hover:underline"
						href="/"
						target="_blank"
						rel="noreferrer"
					>
						Marketing site <ExternalLink className="size-4" aria-hidden />
					</a>
					<a
						className="inline-flex items-center gap-2 text-primary hover:underline"
						href="/contact"
						target="_blank"
						rel="noreferrer"
					>
						Contact form <ExternalLink className="size-4" aria-hidden />
					</a>
				</CardContent>
			</Card>
			<ServiceOptionsCard />
			{settings.data ? (
				<BusinessSettingsForm settings={settings.data} />
			) : settings.isError ? (
				<p className="text-sm text-destructive" role="alert">
					Failed to load settings: {errorMessage(settings.error)}
				</p>
			) : (
				<p className="text-sm text-muted-foreground" role="status">
					Loading settings…
				</p>
			)}
			<SeasonSettingsCard />
			<NotificationsCard />
			<AutomationsCard />
			<ContractTermsCard />
			<CrewSettingsCard />
			<StorageSettingsCard />
			<InviteOwnerCard />
			<SignOutButton label="Logout" className="justify-self-start" />
		</div>
	);
}
