import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { SeasonSettings } from "../../../../shared/bookings.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSaveSeasonSettings, useSeasonSettings, useSeasonWindows } from "../api.ts";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Settings → Season: the deposit share, the change lock, crew capacity per weekday, the windows. */
export function SeasonSettingsCard() {
	const settings = useSeasonSettings();
	const windows = useSeasonWindows();
	return (
		<Card>
			<CardHeader>
				<CardTitle>Season</CardTitle>
				<CardDescription>
					How customers book their install and takedown days. Change single days in the{" "}
					<Link className="underline" to="/owner/schedule">
						Schedule
					</Link>
					.
				</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-6">
				{settings.data ? <SeasonForm settings={settings.data} /> : <p role="status">Loading…</p>}
				<section aria-label="Windows">
					<h3 className="mb-2 font-semibold">Windows</h3>
					<ul className="grid gap-1 text-sm">
						{windows.data?.windows.map((w) => (
							<li key={w.id}>
								{w.seasonId} · {w.name} ({w.kind}): {w.startsOn} to {w.endsOn}
								{w.priceAdjustPct ? `, ${w.priceAdjustPct > 0 ? "+" : ""}${w.priceAdjustPct}%` : ""}
								{w.audience !== "everyone" ? `, ${w.audience} customers` : ""}
							</li>
						))}
					</ul>
				</section>
			</CardContent>
		</Card>
	);
}

function SeasonForm({ settings }: { settings: SeasonSettings }) {
	const save = useSaveSeasonSettings();
	const [deposit, setDeposit] = useState(String(settings.depositPercent));
	const [lock, setLock] = useState(String(settings.changeLockDays));
	const [weekdays, setWeekdays] = useState(settings.weekdayCapacity.map(String));
	return (
		<form
			className="grid gap-4"
			onSubmit={(event) => {
				event.preventDefault();
				save.mutate(
					{
						depositPercent: Number(deposit),
						changeLockDays: Number(lock),
						weekdayCapacity: weekdays.map(Number),
					},
					{
						onSuccess: () => toast.success("Season settings saved"),
						onError: (error) => toast.error(errorMessage(error)),
					},
				);
			}}
		>
			<div className="grid gap-4 sm:grid-cols-2">
				<div className="grid gap-1.5">
					<Label htmlFor="deposit-percent">Deposit to book (%)</Label>
					<Input
						id="deposit-percent"
						type="number"
						min={0}
						max={100}
						value={deposit}
						onChange={(e) => setDeposit(e.target.value)}
					/>
				</div>
				<div className="grid gap-1.5">
					<Label htmlFor="change-lock">Changes locked (days before)</Label>
					<Input
						id="change-lock"
						type="number"
						min={0}
						max={60}
						value={lock}
						onChange={(e) => setLock(e.target.value)}
					/>
				</div>
			</div>
			<fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-4">
				<legend className="mb-2 text-sm font-medium">Crew capacity (houses a day)</legend>
				{WEEKDAYS.map((name, i) => (
					<div key={name} className="grid gap-1.5">
						<Label htmlFor={`capacity-${i}`}>{name}</Label>
						<Input
							id={`capacity-${i}`}
							type="number"
							min={0}
							max={100}
							value={weekdays[i]}
							onChange={(e) => setWeekdays((w) => w.map((v, j) => (j === i ? e.target.value : v)))}
						/>
					</div>
				))}
			</fieldset>
			<Button type="submit" className="justify-self-start" disabled={save.isPending}>
				Save Season
			</Button>
		</form>
	);
}
