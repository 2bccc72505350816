import { Minus, Plus } from "lucide-react";
import { useId } from "react";
import type { ServiceOption } from "../../../../shared/catalog.ts";
import { formatCents } from "../../../../shared/money.ts";

export type ServiceSelection = Readonly<Record<string, number>>;

const MAX_QUANTITY = 500;

/**
 * The catalogue as tickable cards. Ticking a service sets its quantity to 1, unticking removes
 * it; services that come in units (trees, wreaths, windows...) get − and + controls, unless
 * `quantities` is false (a form that sets quantities elsewhere, e.g. in its price table). `error`
 * (no service chosen) shows under the cards, which it marks and describes.
 */
export function ServicePicker({
	services,
	selection,
	onChange,
	quantities = true,
	error,
}: {
	services: readonly ServiceOption[];
	selection: ServiceSelection;
	onChange: (next: ServiceSelection) => void;
	quantities?: boolean;
	error?: string | null;
}) {
	const errorId = useId();
	const toggle = (id: string, checked: boolean) => {
		const { [id]: _removed, ...rest } = selection;
		onChange(checked ? { ...rest, [id]: 1 } : rest);
	};
	const setQuantity = (id: string, quantity: number) =>
		onChange({ ...selection, [id]: Math.min(MAX_QUANTITY, Math.max(1, quantity)) });

	return (
		<>
			<ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
				{services.map((service) => {
					const quantity = selection[service.id];
					const checked = quantity !== undefined;
					const inputId = `service-${service.id}`;
					return (
						<li
							key={service.id}
							className="flex min-w-0 flex-col rounded-xl border-2 border-border bg-card p-4 transition-colors has-[:checked]:border-primary has-[:checked]:bg-primary/[0.04]"
						>
							<div className="flex items-start gap-3">
								<input
									id={inputId}
									name="services"
									type="checkbox"
									checked={checked}
									onChange={(event) => toggle(service.id, event.target.checked)}
									aria-describedby={`${inputId}-details${error ? ` ${errorId}` : ""}`}
									aria-invalid={error ? true : undefined}
									className="mt-0.5 size-5 shrink-0 cursor-pointer accent-primary"
								/>
								<div className="min-w-0 flex-1">
									<label
										htmlFor={inputId}
										className="cursor-pointer font-semibold leading-tight wrap-anywhere"
									>
										{service.name}
									</label>
									<div id={`${inputId}-details`}>
										{service.description ? (
											<p className="mt-1 text-sm leading-snug text-muted-foreground wrap-anywhere">
												{service.description}
											</p>
										) : null}
										<p className="mt-2 text-sm font-semibold text-secondary">
											Starting at {formatCents(service.basePriceCents)}
											{service.hasQuantity ? (
												<span className="font-normal text-muted-foreground"> each</span>
											) : null}
										</p>
									</div>
								</div>
							</div>
							{checked && service.hasQuantity && quantities ? (
								<fieldset className="mt-3 flex items-center justify-between gap-3 border-t pt-3">
									<legend className="sr-only">Quantity for {service.name}</legend>
									<span className="text-sm font-medium" aria-hidden>
										Quantity
									</span>
									<div className="flex items-center gap-1">
										<button
											type="button"
											aria-label="Decrease quantity"
											disabled={quantity <= 1}
											onClick={() => setQuantity(service.id, quantity - 1)}
											className="flex size-9 items-center justify-center rounded-md border border-input bg-card hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-40"
										>
											<Minus className="size-4" aria-hidden />
										</button>
										<output
											aria-live="polite"
											className="w-10 text-center text-base font-semibold tabular-nums"
										>
											{quantity}
										</output>
										<button
											type="button"
											aria-label="Increase quantity"
											disabled={quantity >= MAX_QUANTITY}
											onClick={() => setQuantity(service.id, quantity + 1)}
											className="flex size-9 items-center justify-center rounded-md border border-input bg-card hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-40"
										>
											<Plus className="size-4" aria-hidden />
										</button>
									</div>
								</fieldset>
							) : null}
						</li>
					);
				})}
			</ul>
			{error ? (
				<p id={errorId} className="mt-3 text-sm text-destructive">
					{error}
				</p>
			) : null}
		</>
	);
}

/** Sum of starting price × quantity for the chosen services, in cents. */
export function selectionTotalCents(
	services: readonly ServiceOption[],
	selection: ServiceSelection,
): number {
	return services.reduce((sum, s) => sum + s.basePriceCents * (selection[s.id] ?? 0), 0);
}
