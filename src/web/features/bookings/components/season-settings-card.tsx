import { Link } from "react-router";
import { businessDate } from "../../../../shared/dates.ts";
import { dateInSeason, renewalSeason, type SeasonRules } from "../../../../shared/renewals.ts";
import { FormField, formValues } from "../../../components/form-field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { errorMessage, fieldErrorsOf } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { useSaveSeasonSettings, useSeasonSettings } from "../api.ts";
import { SeasonWindows } from "./season-windows.tsx";

const seasonRulesInputSchema = lazySchema(
	() => import("../../../../shared/renewals.ts"),
	"seasonRulesInputSchema",
);

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Settings → Season: the change lock, crew capacity per weekday, and the windows. */
export function SeasonSettingsCard() {
	const settings = useSeasonSettings();
	return (
		<Card>
			<CardHeader>
				<CardTitle>Season</CardTitle>
				<CardDescription>
					How customers book their install and takedown days. Deposit to book is under Pricing;
					change single days in the{" "}
					<Link className="underline" to="/owner/schedule">
						Schedule
					</Link>
					.
				</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-8">
				{settings.data ? (
					<SeasonForm settings={settings.data} />
				) : settings.isError ? (
					<p role="alert" className="text-sm text-destructive">
						Failed to load the season's rules: {errorMessage(settings.error)}
					</p>
				) : (
					<p role="status">Loading…</p>
				)}
				<SeasonWindows />
			</CardContent>
		</Card>
	);
}

/** A date field's month and day ("08-01"), the part kept from year to year. */
const monthDayOf = (text: string | undefined) => (text ? text.slice(5) : "");

/** A number field's text for the schema: an empty field is no number. */
const numberOf = (text: string | undefined) =>
	text === undefined || text.trim() === "" ? Number.NaN : Number(text);

function SeasonForm({ settings }: { settings: SeasonRules }) {
	const save = useSaveSeasonSettings();
	const { form, field, validate, setErrors } = useZodForm(seasonRulesInputSchema);
	// The dates are shown in the season whose offers are next.
	const campaignSeason = renewalSeason(businessDate(new Date()), settings.renewalValidUntil);
	return (
		<form
			{...form}
			aria-label="Season rules"
			className="grid gap-4"
			onSubmit={async (event) => {
				event.preventDefault();
				const values = formValues(event.currentTarget);
				const input = {
					changeLockDays: numberOf(values.changeLockDays),
					weekdayCapacity: WEEKDAYS.map((_, i) => numberOf(values[`weekdayCapacity.${i}`])),
					reinstallDiscountPct: numberOf(values.reinstallDiscountPct),
					renewalOpensOn: monthDayOf(values.renewalOpensOn),
					renewalValidUntil: monthDayOf(values.renewalValidUntil),
				};
				const parsed = await validate(seasonRulesInputSchema, input);
				if (!parsed.success)
					return void toast.error(
						`Failed to save season settings: ${parsed.error.issues[0]?.message}`,
					);
				save.mutate(parsed.data, {
					onSuccess: () => toast.success("Season settings saved"),
					onError: (error) => {
						setErrors(fieldErrorsOf(error));
						toast.error(`Failed to save season settings: ${errorMessage(error)}`);
					},
				});
			}}
		>
			<FormField
				label="Changes locked (days before)"
				{...field("changeLockDays")}
				type="number"
				inputMode="numeric"
				step={1}
				defaultValue={settings.changeLockDays}
				wrapperClassName="sm:max-w-xs"
				hint="Customers move or cancel until this many days before their day; you always can."
			/>
			<fieldset className="grid grid-cols-2 items-start gap-3 sm:grid-cols-4">
				<legend className="mb-2 text-sm font-medium">Crew capacity (houses a day)</legend>
				{WEEKDAYS.map((name, i) => (
					<FormField
						key={name}
						label={name}
						{...field(`weekdayCapacity.${i}`)}
						type="number"
						inputMode="numeric"
						step={1}
						defaultValue={settings.weekdayCapacity[i]}
					/>
				))}
			</fieldset>
			<fieldset className="grid items-start gap-3 sm:grid-cols-3">
				<legend className="mb-2 text-sm font-medium">Renewals</legend>
				<FormField
					label="Re-install discount (%)"
					{...field("reinstallDiscountPct")}
					type="number"
					inputMode="numeric"
					step={1}
					defaultValue={settings.reinstallDiscountPct}
					hint="Off last season's lines at today's prices."
				/>
				<FormField
					label="Renewal offers open"
					{...field("renewalOpensOn")}
					type="date"
					defaultValue={dateInSeason(campaignSeason, settings.renewalOpensOn)}
					hint="Each year on this day."
				/>
				<FormField
					label="Offer valid until"
					{...field("renewalValidUntil")}
					type="date"
					defaultValue={dateInSeason(campaignSeason, settings.renewalValidUntil)}
					hint="Early Bird is for returning customers until then."
				/>
			</fieldset>
			<Button type="submit" className="justify-self-start" pending={save.isPending}>
				Save Season
			</Button>
		</form>
	);
}
