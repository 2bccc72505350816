import { Plus } from "lucide-react";
import { useId, useState } from "react";
import {
	REQUEST_MESSAGES,
	REQUEST_TYPE_LABELS,
	REQUEST_TYPES,
	type RequestType,
} from "../../../../shared/requests.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
	Dialog,
	DialogContent,
	DialogDescription,
	DialogFooter,
	DialogHeader,
	DialogTitle,
	DialogTrigger,
} from "../../../components/ui/dialog.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { useAddRequestForCustomer } from "../api.ts";
import { useRequestFields } from "../request-fields-api.ts";
import { RequestFields } from "./request-parts.tsx";

const ownerNewRequestSchema = lazySchema(
	() => import("../../../../shared/service-requests.ts"),
	"ownerNewRequestSchema",
);

/**
 * The owner adds a service request for a customer, owner-only types (Takedown, Installation,
 * Maintenance) included. Placed on the dashboard's customer cards and the customer's page.
 */
export function AddRequestDialog({
	customer,
	triggerClassName,
}: {
	customer: { id: string; name: string };
	triggerClassName?: string;
}) {
	const id = useId();
	const [open, setOpen] = useState(false);
	const [type, setType] = useState<RequestType>("Fix");
	const fields = useRequestFields(type);
	const { form, field, validate, clearErrors } = useZodForm(ownerNewRequestSchema);
	const add = useAddRequestForCustomer();

	const reset = () => {
		setType("Fix");
		fields.reset();
		clearErrors();
	};

	const submit = async (event: React.FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const { input } = fields;
		const parsed = await validate(ownerNewRequestSchema, input);
		if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message);
		add.mutate(
			{ customerId: customer.id, input },
			{
				onSuccess: () => {
					toast.success(REQUEST_MESSAGES.submitted, { description: `For ${customer.name}` });
					reset();
					setOpen(false);
				},
				onError: (error) =>
					toast.error(REQUEST_MESSAGES.submitFailed, { description: errorMessage(error) }),
			},
		);
	};

	return (
		<Dialog open={open} onOpenChange={setOpen}>
			<DialogTrigger asChild>
				<Button variant="outline" size="sm" className={triggerClassName}>
					<Plus aria-hidden />
					Add request
				</Button>
			</DialogTrigger>
			<DialogContent className="max-h-[90dvh] overflow-y-auto">
				<DialogHeader>
					<DialogTitle>Add a service request</DialogTitle>
					<DialogDescription>
						For {customer.name}. It joins your service requests list.
					</DialogDescription>
				</DialogHeader>
				<form {...form} className="grid gap-4" onSubmit={submit}>
					<div className="grid gap-2">
						<Label htmlFor={`${id}-type`}>Request Type</Label>
						<select
							id={`${id}-type`}
							value={type}
							onChange={(e) => setType(e.target.value as RequestType)}
							className="h-10 rounded-md border border-input bg-card px-3 text-sm"
						>
							{REQUEST_TYPES.map((t) => (
								<option key={t} value={t}>
									{REQUEST_TYPE_LABELS[t]}
								</option>
							))}
						</select>
					</div>
					<RequestFields
						type={type}
						fields={fields}
						field={field}
						detailsLabel="Details"
						rows={3}
					/>
					<DialogFooter>
						<Button type="submit" pending={add.isPending}>
							Add Request
						</Button>
					</DialogFooter>
				</form>
			</DialogContent>
		</Dialog>
	);
}
