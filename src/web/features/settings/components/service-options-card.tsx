import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import type { ServiceOption } from "../../../../shared/catalog.ts";
import { formatCents } from "../../../../shared/money.ts";
import { FormField, TextareaField } from "../../../components/form-field.tsx";
import { EmptyState } from "../../../components/shell/app-shell.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import {
	Dialog,
	DialogContent,
	DialogDescription,
	DialogFooter,
	DialogHeader,
	DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { useAllServiceOptions, useServiceOptionActions } from "../api.ts";

const serviceOptionInputSchema = lazySchema(
	() => import("../../../../shared/settings.ts"),
	"serviceOptionInputSchema",
);

const REQUIRED = "Please fill in all required fields";

/**
 * The catalogue people choose from on the quote forms: every option in its order, with add, edit,
 * activate or deactivate, delete and move up or down. Changes show on the quote forms at once.
 */
export function ServiceOptionsCard() {
	const { data: services, isPending, isError } = useAllServiceOptions();
	const actions = useServiceOptionActions();
	const [editing, setEditing] = useState<ServiceOption | "new" | null>(null);
	const [deleting, setDeleting] = useState<ServiceOption | null>(null);

	const move = (index: number, by: -1 | 1) => {
		if (!services) return;
		const ids = services.map((s) => s.id);
		const [id] = ids.splice(index, 1);
		ids.splice(index + by, 0, id!);
		actions.reorder.mutate(ids, {
			onError: (error) => toast.error(`Failed to update service option: ${errorMessage(error)}`),
		});
	};

	return (
		<Card>
			<CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
				<div className="grid gap-1.5">
					<CardTitle>Service options</CardTitle>
					<CardDescription>
						What customers and visitors choose on the quote forms, in this order. Inactive options
						are hidden from them.
					</CardDescription>
				</div>
				<Button onClick={() => setEditing("new")}>
					<Plus aria-hidden /> Add Service Option
				</Button>
			</CardHeader>
			<CardContent>
				{isPending ? (
					<p className="text-sm text-muted-foreground" role="status">
						Loading service options…
					</p>
				) : isError ? (
					<p className="text-sm text-destructive" role="alert">
						Failed to load service options
					</p>
				) : services.length === 0 ? (
					<EmptyState>No service options yet. Add your first one above.</EmptyState>
				) : (
					<ol className="divide-y rounded-md border" aria-label="Service options">
						{services.map((service, index) => (
							<li
								key={service.id}
								className="grid grid-cols-1 gap-3 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
								aria-label={service.name}
							>
								<div className="min-w-0">
									<div className="flex flex-wrap items-center gap-2">
										<span className="min-w-0 font-semibold wrap-anywhere">{service.name}</span>
										<span className="text-sm tabular-nums">
											{formatCents(service.basePriceCents)}
											{service.hasQuantity ? " each" : ""}
										</span>
										{service.isActive ? null : <Badge variant="warning">Inactive</Badge>}
									</div>
									<p className="mt-0.5 line-clamp-2 text-sm text-muted-foreground wrap-anywhere">
										{service.description}
									</p>
								</div>
								<div className="flex flex-wrap items-center gap-1">
									<Button
										variant="ghost"
										size="icon"
										aria-label={`Move ${service.name} up`}
										disabled={index === 0 || actions.reorder.isPending}
										onClick={() => move(index, -1)}
									>
										<ArrowUp aria-hidden />
									</Button>
									<Button
										variant="ghost"
										size="icon"
										aria-label={`Move ${service.name} down`}
										disabled={index === services.length - 1 || actions.reorder.isPending}
										onClick={() => move(index, 1)}
									>
										<ArrowDown aria-hidden />
									</Button>
									<Button
										variant="outline"
										size="sm"
										className="w-28"
										pending={
											actions.update.isPending && actions.update.variables?.id === service.id
										}
										onClick={() =>
											actions.update.mutate(
												{ id: service.id, update: { isActive: !service.isActive } },
												{
													onSuccess: (saved) =>
														toast.success(
															`Service option ${saved.isActive ? "activated" : "deactivated"}`,
														),
													onError: (error) =>
														toast.error(`Failed to update service option: ${errorMessage(error)}`),
												},
											)
										}
									>
										{service.isActive ? "Deactivate" : "Activate"}
									</Button>
									<Button
										variant="ghost"
										size="icon"
										aria-label={`Edit ${service.name}`}
										onClick={() => setEditing(service)}
									>
										<Pencil aria-hidden />
									</Button>
									<Button
										variant="ghost"
										size="icon"
										aria-label={`Delete ${service.name}`}
										onClick={() => setDeleting(service)}
									>
										<Trash2 aria-hidden className="text-destructive" />
									</Button>
								</div>
							</li>
						))}
					</ol>
				)}
			</CardContent>
			<ServiceOptionDialog
				key={editing === null ? "closed" : editing === "new" ? "new" : editing.id}
				editing={editing}
				onClose={() => setEditing(null)}
			/>
			<Dialog open={deleting !== null} onOpenChange={(open) => open || setDeleting(null)}>
				<DialogContent>
					<DialogHeader>
						<DialogTitle>Delete {deleting?.name}?</DialogTitle>
						<DialogDescription>
							It disappears from the quote forms. Quotes that already include it keep it. To hide it
							for a while instead, deactivate it.
						</DialogDescription>
					</DialogHeader>
					<DialogFooter>
						<Button variant="outline" onClick={() => setDeleting(null)}>
							Cancel
						</Button>
						<Button
							variant="destructive"
							pending={actions.remove.isPending}
							onClick={() =>
								deleting &&
								actions.remove.mutate(deleting.id, {
									onSuccess: () => {
										setDeleting(null);
										toast.success("Service option deleted successfully");
									},
									onError: (error) =>
										toast.error(`Failed to delete service option: ${errorMessage(error)}`),
								})
							}
						>
							Delete
						</Button>
					</DialogFooter>
				</DialogContent>
			</Dialog>
		</Card>
	);
}

/** Add or edit a service option: name, description, base price in dollars, quantity allowed. */
function ServiceOptionDialog({
	editing,
	onClose,
}: {
	editing: ServiceOption | "new" | null;
	onClose: () => void;
}) {
	const actions = useServiceOptionActions();
	const existing = editing === "new" ? null : editing;
	// Each field's message shows under it until it is edited.
	const { form, field, validate, clearErrors } = useZodForm(serviceOptionInputSchema);
	const quantityId = useId();
	const mutation = existing ? actions.update : actions.add;
	const close = () => {
		clearErrors();
		onClose();
	};
	return (
		<Dialog open={editing !== null} onOpenChange={(open) => open || close()}>
			<DialogContent>
				<DialogHeader>
					<DialogTitle>{existing ? `Edit ${existing.name}` : "Add Service Option"}</DialogTitle>
					<DialogDescription>
						The base price is in dollars; the instant quote uses it at once.
					</DialogDescription>
				</DialogHeader>
				<form
					{...form}
					className="grid gap-4"
					onSubmit={async (event) => {
						event.preventDefault();
						const values = new FormData(event.currentTarget);
						const text = (name: string) => String(values.get(name) ?? "").trim();
						const price = text("basePriceDollars");
						const parsed = await validate(serviceOptionInputSchema, {
							name: text("name"),
							description: text("description"),
							// An empty field is a missing price, not $0.
							basePriceDollars: price === "" ? undefined : Number(price),
							hasQuantity: values.get("hasQuantity") === "on",
						});
						if (!text("name") || !text("description") || price === "")
							return void toast.error(REQUIRED);
						if (!parsed.success)
							return void toast.error(
								`Failed to save service option: ${parsed.error.issues[0]?.message}`,
							);
						const input = parsed.data;
						const done = {
							onSuccess: () => {
								close();
								toast.success(
									existing
										? "Service option updated successfully"
										: "Service option added successfully",
								);
							},
							onError: (error: Error) =>
								toast.error(`Failed to save service option: ${errorMessage(error)}`),
						};
						if (existing) actions.update.mutate({ id: existing.id, update: input }, done);
						else actions.add.mutate(input, done);
					}}
				>
					<FormField label="Name" {...field("name")} defaultValue={existing?.name} />
					<TextareaField
						label="Description"
						{...field("description")}
						rows={3}
						defaultValue={existing?.description}
					/>
					<FormField
						label="Base Price ($)"
						{...field("basePriceDollars")}
						type="number"
						inputMode="decimal"
						step={0.01}
						defaultValue={existing ? (existing.basePriceCents / 100).toFixed(2) : undefined}
					/>
					<div className="flex items-center gap-3">
						<input
							id={quantityId}
							name="hasQuantity"
							type="checkbox"
							className="size-4 accent-primary"
							defaultChecked={existing?.hasQuantity ?? false}
						/>
						<label htmlFor={quantityId} className="text-sm font-medium">
							Quantity allowed (priced per item)
						</label>
					</div>
					<DialogFooter>
						<Button type="button" variant="outline" onClick={close}>
							Cancel
						</Button>
						<Button type="submit" pending={mutation.isPending}>
							{existing ? "Save" : "Add Service Option"}
						</Button>
					</DialogFooter>
				</form>
			</DialogContent>
		</Dialog>
	);
}
