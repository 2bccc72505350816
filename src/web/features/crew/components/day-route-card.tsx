import { ArrowDown, ArrowUp, Route, Send } from "lucide-react";
import { useState } from "react";
import { type Arrival, arrivalLabel, type CrewStop } from "../../../../shared/crew.ts";
import { groupDigits } from "../../../../shared/money.ts";
import { FormField } from "../../../components/form-field.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessage, fieldErrorsOf } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import {
	useCrewDay,
	useOptimizeRoute,
	useSaveArrivalWindows,
	useSendArrivalWindows,
	useSetRouteOrder,
} from "../api.ts";

/**
 * "48.2 mi", "1,204 mi": a route's length as the sheet and the owner's day show it, to a tenth, as
 * `toLocaleString("en-US", { maximumFractionDigits: 1 })` writes it, without Intl's locale data.
 */
export const milesText = (miles: number) => {
	const tenths = Math.round(miles * 10);
	const rest = tenths % 10;
	return `${groupDigits(Math.floor(tenths / 10))}${rest ? `.${rest}` : ""} mi`;
};

/**
 * The owner's route of a day: the stops in driving order with Optimize Route and up / down, each
 * with its arrival window (the default for its place until one is set), Save Windows and Send
 * Arrival Windows.
 */
export function DayRouteCard({ day }: { day: string }) {
	const sheet = useCrewDay(day);
	const optimize = useOptimizeRoute(day);
	const reorder = useSetRouteOrder(day);
	const save = useSaveArrivalWindows(day);
	const send = useSendArrivalWindows(day);
	const [edits, setEdits] = useState<Record<string, Partial<Arrival>>>({});
	const [errors, setErrors] = useState<Record<string, string>>({});
	if (sheet.isPending)
		return (
			<p className="text-sm text-muted-foreground" role="status">
				Loading the route…
			</p>
		);
	if (sheet.isError)
		return (
			<p className="text-sm text-destructive" role="alert">
				Failed to load the route: {errorMessage(sheet.error)}
			</p>
		);
	const { stops, route } = sheet.data;
	const windowOf = (stop: CrewStop): Arrival => ({
		...(stop.arrival ?? stop.suggestedArrival),
		...edits[stop.bookingId],
	});
	const windows = () => stops.map((s) => ({ bookingId: s.bookingId, ...windowOf(s) }));
	const move = (index: number, by: -1 | 1) => {
		const ids = stops.map((s) => s.bookingId);
		[ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
		reorder.mutate(ids, { onError: (error) => toast.error(errorMessage(error)) });
	};
	const failed = (error: unknown) => {
		const fields = fieldErrorsOf(error);
		setErrors(fields);
		if (Object.keys(fields).length === 0) toast.error(errorMessage(error));
	};
	const saved = () => {
		setEdits({});
		setErrors({});
	};
	return (
		<section aria-label="Route" className="grid gap-3">
			<div className="flex flex-wrap items-start justify-between gap-2">
				<div>
					<h3 className="font-semibold">Route</h3>
					{stops.length > 0 ? (
						<p className="text-sm text-muted-foreground">
							{milesText(route.miles)}{" "}
							{route.fromBusiness ? "from the business and back" : "round trip through the stops"}
							{route.bookingOrderMiles > route.miles
								? ` (in booking order ${milesText(route.bookingOrderMiles)})`
								: ""}
							, straight-line between ZIP codes.
						</p>
					) : null}
				</div>
				{stops.length > 1 ? (
					<Button
						size="sm"
						variant="outline"
						pending={optimize.isPending}
						onClick={() =>
							optimize.mutate(undefined, {
								onSuccess: (d) => toast.success(`Route optimized: ${milesText(d.route.miles)}`),
								onError: (error) => toast.error(errorMessage(error)),
							})
						}
					>
						<Route aria-hidden /> Optimize Route
					</Button>
				) : null}
			</div>
			{stops.length > 0 && !route.fromBusiness ? (
				<p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
					Add a ZIP code to the business address in Settings to start the route there.
				</p>
			) : null}
			{stops.length === 0 ? (
				<p className="text-sm text-muted-foreground">No booked stops on this day yet.</p>
			) : (
				<form
					className="grid gap-3"
					noValidate
					onSubmit={(event) => {
						event.preventDefault();
						save.mutate(windows(), {
							onSuccess: () => {
								saved();
								toast.success("Arrival windows saved");
							},
							onError: failed,
						});
					}}
				>
					<ol className="grid gap-2" aria-label="Stops in route order">
						{stops.map((stop, index) => {
							const value = windowOf(stop);
							const change = (field: keyof Arrival) => (e: React.ChangeEvent<HTMLInputElement>) =>
								setEdits((all) => ({
									...all,
									[stop.bookingId]: { ...all[stop.bookingId], [field]: e.target.value },
								}));
							const sent = stop.arrivalSent && !edits[stop.bookingId];
							return (
								<li
									key={stop.bookingId}
									aria-label={`Stop ${index + 1}: ${stop.name}`}
									className="grid gap-2 rounded-md border p-3"
								>
									<div className="flex items-start gap-2">
										<span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
											{index + 1}
										</span>
										<div className="min-w-0 flex-1">
											<p className="font-medium wrap-anywhere">{stop.name}</p>
											<p className="text-sm text-muted-foreground wrap-anywhere">
												{stop.address ?? "No address"}
											</p>
											<div className="mt-1 flex flex-wrap gap-1">
												{stop.located ? null : <Badge variant="warning">ZIP not found</Badge>}
												{stop.status === "done" ? <Badge variant="success">Done</Badge> : null}
												{sent ? (
													<Badge variant="info">Told {arrivalLabel(value)}</Badge>
												) : stop.arrivalSent ? (
													<Badge variant="warning">Changed, not sent</Badge>
												) : null}
											</div>
										</div>
										<div className="flex shrink-0 gap-1">
											<Button
												type="button"
												size="icon"
												variant="outline"
												aria-label={`Move ${stop.name} up`}
												disabled={index === 0 || reorder.isPending}
												onClick={() => move(index, -1)}
											>
												<ArrowUp aria-hidden />
											</Button>
											<Button
												type="button"
												size="icon"
												variant="outline"
												aria-label={`Move ${stop.name} down`}
												disabled={index === stops.length - 1 || reorder.isPending}
												onClick={() => move(index, 1)}
											>
												<ArrowDown aria-hidden />
											</Button>
										</div>
									</div>
									<div className="grid grid-cols-2 gap-2">
										<FormField
											label="Arrival from"
											type="time"
											step={900}
											required
											value={value.start}
											onChange={change("start")}
											error={errors[`windows.${index}.start`]}
										/>
										<FormField
											label="Arrival until"
											type="time"
											step={900}
											required
											value={value.end}
											onChange={change("end")}
											error={errors[`windows.${index}.end`] ?? errors[`windows.${index}.bookingId`]}
										/>
									</div>
								</li>
							);
						})}
					</ol>
					<div className="flex flex-wrap gap-2">
						<Button type="submit" variant="outline" size="sm" pending={save.isPending}>
							Save Windows
						</Button>
						<Button
							type="button"
							size="sm"
							pending={send.isPending}
							onClick={() =>
								send.mutate(windows(), {
									onSuccess: (result) => {
										saved();
										toast.success(
											result.told === 0
												? "Nobody new to tell: every customer already knows their window"
												: `${result.told} ${result.told === 1 ? "customer" : "customers"} told their arrival window`,
										);
									},
									onError: failed,
								})
							}
						>
							<Send aria-hidden /> Send Arrival Windows
						</Button>
					</div>
				</form>
			)}
		</section>
	);
}
