import { useQuery } from "@tanstack/react-query";
import { Bell, BellOff, BellRing, X } from "lucide-react";
import * as React from "react";
import { CATEGORY_LABELS, NOTIFICATION_CATEGORIES } from "../../../../shared/notifications.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import {
	notificationQueries,
	type PushState,
	turnOffPush,
	turnOnPush,
	useNotificationPrefs,
	usePushState,
	useResendSubscription,
	useSwitchNotification,
} from "../api.ts";

const STATE_TEXT = {
	checking: "Checking this device…",
	on: "On for this device.",
	off: "Off for this device.",
	blocked: "Blocked by this browser.",
	unsupported: "Not available in this browser.",
} as const satisfies Record<PushState, string>;

/**
 * Turn On Notifications for this device, and what it is now: on, off, blocked by the browser
 * (with how to allow it again) or not supported (on an iPhone, until the app is on the Home
 * Screen). Permission is asked only from the tap.
 */
function PushSwitch({ onChange }: { onChange?: (state: PushState) => void }) {
	const { state, refresh } = usePushState();
	const key = useQuery({ ...notificationQueries.pushKey, enabled: state === "off" });
	const [busy, setBusy] = React.useState(false);
	const change = async (work: () => Promise<PushState>) => {
		setBusy(true);
		try {
			const next = await work();
			if (next === "on") toast.success("Notifications are on for this device");
			if (next === "blocked") toast.error("Notifications are blocked by this browser");
			onChange?.(next);
		} catch (error) {
			toast.error(`Could not change notifications: ${errorMessage(error)}`);
		} finally {
			setBusy(false);
			await refresh();
		}
	};
	const Icon = state === "on" ? BellRing : state === "off" || state === "checking" ? Bell : BellOff;
	return (
		<div className="grid gap-3" data-push-state={state}>
			<p className="flex items-center gap-2 text-sm font-medium" role="status">
				<Icon className="size-4 shrink-0" aria-hidden />
				Push notifications: {STATE_TEXT[state]}
			</p>
			{state === "off" ? (
				<Button
					className="w-full sm:w-fit"
					pending={busy}
					onClick={() => change(() => turnOnPush(key.data?.publicKey))}
				>
					<Bell aria-hidden />
					Turn On Notifications
				</Button>
			) : null}
			{state === "on" ? (
				<Button
					variant="outline"
					className="w-full sm:w-fit"
					pending={busy}
					onClick={() => change(turnOffPush)}
				>
					<BellOff aria-hidden />
					Turn Off on This Device
				</Button>
			) : null}
			{state === "blocked" ? (
				<p className="text-sm text-muted-foreground">
					To allow them, open this site's settings from the icon left of the address bar (on a
					phone: the browser's Settings → Site settings → Notifications), set Notifications to
					Allow, then reload this page.
				</p>
			) : null}
			{state === "unsupported" ? (
				<p className="text-sm text-muted-foreground">
					On an iPhone or iPad, add this app to your Home Screen first (Share → Add to Home Screen),
					open it from there and come back here. You still get e-mail.
				</p>
			) : null}
		</div>
	);
}

/** Profile → Notifications: this device's push, and a push and an e-mail switch per category. */
export function NotificationsCard() {
	const prefs = useNotificationPrefs();
	const toggle = useSwitchNotification();
	return (
		<Card>
			<CardHeader>
				<CardTitle>Notifications</CardTitle>
				<CardDescription>
					Choose what reaches you. Receipts, password resets and your signed contract are always
					e-mailed.
				</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-5">
				<PushSwitch onChange={() => prefs.refetch()} />
				{prefs.isError ? (
					<p role="alert" className="text-sm text-destructive">
						Failed to load your notification settings: {errorMessage(prefs.error)}
					</p>
				) : !prefs.data ? (
					<p className="min-h-40 text-sm text-muted-foreground" role="status">
						Loading…
					</p>
				) : (
					<div className="grid gap-1">
						<div className="grid grid-cols-[1fr_auto_auto] items-end gap-x-4 border-b pb-2 text-xs font-medium text-muted-foreground">
							<span>Category</span>
							<span className="w-12 text-center">Push</span>
							<span className="w-12 text-center">E-mail</span>
						</div>
						<ul className="grid divide-y">
							{NOTIFICATION_CATEGORIES.map((category) => (
								<li
									key={category}
									className="grid grid-cols-[1fr_auto_auto] items-center gap-x-4 py-3"
								>
									<div className="min-w-0">
										<p className="font-medium">{CATEGORY_LABELS[category].title}</p>
										<p className="text-sm text-muted-foreground">
											{CATEGORY_LABELS[category].hint}
										</p>
									</div>
									{(["push", "email"] as const).map((channel) => {
										const pending =
											toggle.isPending &&
											toggle.variables?.category === category &&
											toggle.variables.channel === channel;
										const checked = pending
											? toggle.variables!.enabled
											: prefs.data.categories[category][channel];
										return (
											<div key={channel} className="flex w-12 justify-center">
												<Switch
													aria-label={`${CATEGORY_LABELS[category].title} by ${channel === "push" ? "push" : "e-mail"}`}
													checked={checked}
													disabled={pending}
													onCheckedChange={(enabled) =>
														toggle.mutate(
															{ category, channel, enabled },
															{
																onError: (error) =>
																	toast.error(`Could not save: ${errorMessage(error)}`),
															},
														)
													}
												/>
											</div>
										);
									})}
								</li>
							))}
						</ul>
						<p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
							{prefs.data.emailTo ? `E-mail goes to ${prefs.data.emailTo}. ` : ""}
							{prefs.data.devices === 0
								? "No device receives push yet."
								: `${prefs.data.devices} ${prefs.data.devices === 1 ? "device receives" : "devices receive"} push.`}
						</p>
					</div>
				)}
			</CardContent>
		</Card>
	);
}

const DISMISSED = "push-offer-dismissed";

/**
 * After the first booking or chat message: an offer to be told of the answer by push. Shown only
 * while this device could turn push on; dismissed for good with its ×.
 */
export function PushOffer({ text }: { text: string }) {
	const { state } = usePushState();
	const [dismissed, setDismissed] = React.useState(() => {
		try {
			return localStorage.getItem(DISMISSED) === "1";
		} catch {
			return false;
		}
	});
	const [done, setDone] = React.useState(false);
	if (dismissed || done || state !== "off") return null;
	return (
		<div className="relative grid gap-3 rounded-lg border bg-muted/40 p-4 pr-10 text-sm">
			<p>{text}</p>
			<PushSwitch onChange={(next) => setDone(next !== "off")} />
			<button
				type="button"
				className="absolute top-2 right-2 rounded p-1 text-muted-foreground hover:bg-muted"
				aria-label="Not now"
				onClick={() => {
					try {
						localStorage.setItem(DISMISSED, "1");
					} catch {}
					setDismissed(true);
				}}
			>
				<X className="size-4" aria-hidden />
			</button>
		</div>
	);
}

/** Mounted in the signed-in layouts: sends this browser's subscription again on each start. */
export function PushKeeper() {
	useResendSubscription(true);
	return null;
}
