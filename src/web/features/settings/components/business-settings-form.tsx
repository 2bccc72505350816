import { Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import type { OwnerSettings, SecretName, SecretState } from "../../../../shared/settings.ts";
import { FormField, TextareaField } from "../../../components/form-field.tsx";
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
import { Switch } from "../../../components/ui/switch.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { type FieldProps, lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { useSaveSettings } from "../api.ts";

const settingsUpdateSchema = lazySchema(
	() => import("../../../../shared/settings.ts"),
	"settingsUpdateSchema",
);

/** Cents as the dollars a person types: 1999 -> "19.99". */
const dollars = (cents: number) => (cents / 100).toFixed(2);
/** What a price field holds, for the server: an empty field is missing, not zero. */
const amount = (text: string) => (text.trim() === "" ? undefined : Number(text));

/**
 * The business profile, pricing and payment keys, saved together with Save Settings. The profile
 * feeds every public page, e-mail and the structured data; secrets are write-only: the form shows
 * whether one is saved and its last four characters, and an empty field keeps it.
 */
export function BusinessSettingsForm({ settings }: { settings: OwnerSettings }) {
	const { save, removeSecret } = useSaveSettings();
	const { profile, pricing, payments } = settings;
	const [hours, setHours] = useState(() =>
		profile.hours.map((row, index) => ({ ...row, key: index })),
	);
	const [nextKey, setNextKey] = useState(profile.hours.length);
	const [secrets, setSecrets] = useState({ secretKey: "", webhookSecret: "" });
	const [requirePayment, setRequirePayment] = useState(pricing.requirePayment);
	const requireId = useId();
	const testModeId = useId();
	const [testMode, setTestMode] = useState(payments.testMode);
	const { form, field, validate, errors } = useZodForm(settingsUpdateSchema);
	/** A list's message (the list or one of its items), shown under the field that holds it. */
	const listError = (name: string) =>
		Object.entries(errors).find(([path]) => path === name || path.startsWith(`${name}.`))?.[1];
	const rowError = (index: number) =>
		errors[`profile.hours.${index}.days`] ?? errors[`profile.hours.${index}.hours`];
	/** A row's text box: its name, limit and mark; the row's message is under the row. */
	const hourField = (index: number, key: "days" | "hours") => {
		const { name, maxLength, error } = field(`profile.hours.${index}.${key}`);
		return {
			name,
			maxLength,
			"aria-invalid": error ? true : undefined,
			"aria-describedby": rowError(index) ? `${requireId}-hours-${index}` : undefined,
		};
	};

	return (
		<form
			{...form}
			className="grid gap-6"
			aria-label="Business settings"
			onSubmit={async (event) => {
				event.preventDefault();
				const values = new FormData(event.currentTarget);
				const text = (name: string) => String(values.get(name) ?? "");
				const update = {
					profile: {
						businessName: text("profile.businessName"),
						phone: text("profile.phone"),
						email: text("profile.email"),
						address: text("profile.address"),
						serviceAreas: text("profile.serviceAreas")
							.split("\n")
							.map((area) => area.trim())
							.filter(Boolean),
						hours: hours.map(({ days, hours }) => ({ days, hours })),
					},
					pricing: {
						colorFeeDollars: amount(text("pricing.colorFeeDollars")) as number,
						planPriceDollars: amount(text("pricing.planPriceDollars")) as number,
						requirePayment,
						// An empty field is no number: the schema says so at the field.
						depositPercent:
							text("pricing.depositPercent").trim() === ""
								? Number.NaN
								: Number(text("pricing.depositPercent")),
					},
					payments: {
						testMode,
						...(payments.publishableKeyFromEnvironment
							? {}
							: { publishableKey: text("payments.publishableKey") }),
						secretKey: secrets.secretKey,
						webhookSecret: secrets.webhookSecret,
					},
				};
				// Checked here as the server checks it: the toast says what the server would.
				const parsed = await validate(settingsUpdateSchema, update);
				if (!parsed.success)
					return void toast.error(`Failed to save settings: ${parsed.error.issues[0]?.message}`);
				save.mutate(update, {
					onSuccess: () => {
						setSecrets({ secretKey: "", webhookSecret: "" });
						toast.success("Settings saved");
					},
					onError: (error) => toast.error(`Failed to save settings: ${errorMessage(error)}`),
				});
			}}
		>
			<Card>
				<CardHeader>
					<CardTitle>Business profile</CardTitle>
					<CardDescription>
						Shown on the website, in e-mails and to search engines as soon as you save.
					</CardDescription>
				</CardHeader>
				<CardContent className="grid items-start gap-4 sm:grid-cols-2">
					<FormField
						label="Business Name"
						{...field("profile.businessName")}
						defaultValue={profile.businessName}
					/>
					<FormField
						label="Phone"
						{...field("profile.phone")}
						type="tel"
						defaultValue={profile.phone}
					/>
					<FormField
						label="Email"
						{...field("profile.email")}
						type="email"
						defaultValue={profile.email}
					/>
					<FormField
						label="Address"
						{...field("profile.address")}
						defaultValue={profile.address}
						hint="The town shown in the policies and to search engines."
					/>
					<div className="sm:col-span-2">
						<TextareaField
							label="Service Areas"
							{...field("profile.serviceAreas")}
							error={listError("profile.serviceAreas")}
							defaultValue={profile.serviceAreas.join("\n")}
							rows={4}
							hint="One town per line, e.g. Canton, OH."
						/>
					</div>
					<fieldset className="grid gap-2 sm:col-span-2">
						<legend className="mb-2 text-sm font-medium">Business Hours</legend>
						{hours.map((row, index) => (
							<div
								key={row.key}
								className="grid grid-cols-[1fr_auto] gap-2 rounded-md border p-2 sm:grid-cols-[1fr_1fr_auto] sm:border-0 sm:p-0"
							>
								<Input
									className="col-span-2 sm:col-span-1"
									aria-label={`Days, row ${index + 1}`}
									{...hourField(index, "days")}
									value={row.days}
									placeholder="Monday - Friday"
									onChange={(e) =>
										setHours(
											hours.map((r) => (r.key === row.key ? { ...r, days: e.target.value } : r)),
										)
									}
								/>
								<Input
									aria-label={`Hours, row ${index + 1}`}
									{...hourField(index, "hours")}
									value={row.hours}
									placeholder="8:00 AM - 6:00 PM"
									onChange={(e) =>
										setHours(
											hours.map((r) => (r.key === row.key ? { ...r, hours: e.target.value } : r)),
										)
									}
								/>
								<Button
									type="button"
									variant="ghost"
									size="icon"
									aria-label={`Remove hours row ${index + 1}`}
									onClick={() => setHours(hours.filter((r) => r.key !== row.key))}
								>
									<Trash2 aria-hidden />
								</Button>
								{rowError(index) ? (
									<p
										id={`${requireId}-hours-${index}`}
										className="col-span-full text-sm text-destructive"
									>
										{rowError(index)}
									</p>
								) : null}
							</div>
						))}
						{errors["profile.hours"] ? (
							<p className="text-sm text-destructive">{errors["profile.hours"]}</p>
						) : null}
						<Button
							type="button"
							variant="outline"
							size="sm"
							className="justify-self-start"
							onClick={() => {
								setHours([...hours, { days: "", hours: "", key: nextKey }]);
								setNextKey(nextKey + 1);
							}}
						>
							<Plus aria-hidden /> Add hours row
						</Button>
					</fieldset>
				</CardContent>
			</Card>

			<Card>
				<CardHeader>
					<CardTitle>Pricing</CardTitle>
					<CardDescription>Customers see changes at once.</CardDescription>
				</CardHeader>
				<CardContent className="grid items-start gap-4 sm:grid-cols-2">
					<FormField
						label="Color Change Fee ($)"
						{...field("pricing.colorFeeDollars")}
						type="number"
						inputMode="decimal"
						step={0.01}
						defaultValue={dollars(pricing.colorFeeCents)}
					/>
					<FormField
						label="Monthly Plan Price ($)"
						{...field("pricing.planPriceDollars")}
						type="number"
						inputMode="decimal"
						step={0.01}
						defaultValue={dollars(pricing.planPriceCents)}
						hint="The monthly 'Plan for Next Year' payment."
					/>
					<FormField
						label="Deposit to book (%)"
						{...field("pricing.depositPercent")}
						type="number"
						inputMode="numeric"
						step={1}
						defaultValue={pricing.depositPercent}
						hint="The share of the approved total that holds an install day; 0 for none."
					/>
					<div className="flex items-center gap-3 sm:col-span-2">
						<input
							id={requireId}
							type="checkbox"
							className="size-4 accent-primary"
							checked={requirePayment}
							onChange={(e) => setRequirePayment(e.target.checked)}
						/>
						<label htmlFor={requireId} className="text-sm font-medium">
							Require payment before a color change
						</label>
					</div>
				</CardContent>
			</Card>

			<Card>
				<CardHeader>
					<CardTitle>Payment provider keys</CardTitle>
					<CardDescription>
						Stripe keys for card payments. Secret keys are stored encrypted and never shown again:
						type a new one to replace it.
					</CardDescription>
				</CardHeader>
				<CardContent className="grid gap-4">
					<div className="flex items-start gap-3 rounded-md border p-3">
						<Switch
							id={testModeId}
							checked={testMode}
							onCheckedChange={setTestMode}
							aria-describedby={`${testModeId}-hint`}
							className="mt-0.5"
						/>
						<div className="grid gap-1">
							<Label htmlFor={testModeId}>Test mode</Label>
							<p id={`${testModeId}-hint`} className="text-xs text-muted-foreground">
								Without Stripe keys, accept the card provider's test cards. Off: Pay asks customers
								to call.
							</p>
						</div>
					</div>
					<FormField
						label="Publishable Key"
						{...field("payments.publishableKey")}
						defaultValue={payments.publishableKey ?? ""}
						placeholder="pk_live_…"
						autoComplete="off"
						spellCheck={false}
						disabled={payments.publishableKeyFromEnvironment}
						hint={
							payments.publishableKeyFromEnvironment
								? "Set in the server's environment (STRIPE_PUBLISHABLE_KEY)."
								: undefined
						}
					/>
					{(["secretKey", "webhookSecret"] as const).map((name) => (
						<SecretField
							key={name}
							name={name}
							field={field(`payments.${name}`)}
							label={name === "secretKey" ? "Secret Key" : "Webhook Signing Secret"}
							placeholder={name === "secretKey" ? "sk_live_…" : "whsec_…"}
							state={payments[name]}
							value={secrets[name]}
							onChange={(value) => setSecrets({ ...secrets, [name]: value })}
							removing={removeSecret.isPending && removeSecret.variables === name}
							onRemove={() =>
								removeSecret.mutate(name, {
									onSuccess: () => toast.success("Key removed"),
									onError: (error) => toast.error(`Failed to remove key: ${errorMessage(error)}`),
								})
							}
						/>
					))}
				</CardContent>
			</Card>

			<Button type="submit" size="lg" pending={save.isPending} className="justify-self-start">
				Save Settings
			</Button>
		</form>
	);
}

function SecretField(props: {
	name: SecretName;
	field: FieldProps;
	label: string;
	placeholder: string;
	state: SecretState;
	value: string;
	onChange: (value: string) => void;
	removing: boolean;
	onRemove: () => void;
}) {
	const { state } = props;
	const status = state.fromEnvironment
		? `Set in the server's environment, ending ${state.hint}.`
		: state.set
			? `Saved, ending ${state.hint}. Leave empty to keep it.`
			: "Not set.";
	return (
		<div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
			<FormField
				label={props.label}
				{...props.field}
				type="password"
				autoComplete="new-password"
				spellCheck={false}
				value={props.value}
				onChange={(e) => props.onChange(e.target.value)}
				placeholder={
					state.set
						? `${props.placeholder.slice(0, 3)}••••${state.hint?.slice(1)}`
						: props.placeholder
				}
				disabled={state.fromEnvironment}
				hint={status}
			/>
			{state.set && !state.fromEnvironment ? (
				<Button
					type="button"
					variant="outline"
					className="sm:mb-6"
					pending={props.removing}
					onClick={props.onRemove}
				>
					Remove
				</Button>
			) : null}
		</div>
	);
}
