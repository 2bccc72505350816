import { useState } from "react";
import { CUSTOMER_MESSAGES, type CustomerDetail } from "../../../shared/customers.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../lib/use-zod-form.ts";
import { useUpdateCustomer } from "./api.ts";

const updateCustomerSchema = lazySchema(
	() => import("../../../shared/customers.ts"),
	"updateCustomerSchema",
);

type Customer = CustomerDetail["customer"];

/** The fields of the customer page's edit mode, as typed. */
export type CustomerDraft = {
	name: string;
	email: string;
	phone: string;
	address: string;
	city: string;
	state: string;
	zipCode: string;
	status: Customer["status"];
	serviceType: Customer["serviceType"];
	notes: string;
};

const draftOf = (c: Customer): CustomerDraft => ({
	name: c.name,
	email: c.email,
	phone: c.phone ?? "",
	address: c.address ?? "",
	city: c.city ?? "",
	state: c.state ?? "",
	zipCode: c.zipCode ?? "",
	status: c.status,
	serviceType: c.serviceType,
	notes: c.notes ?? "",
});

/**
 * Edit/Save of the customer page: `draft` holds what is typed in edit mode; Save sends it
 * (checked by the same schema as the server) and leaves edit mode once the server agrees.
 */
export function useCustomerEditor(customer: Customer | undefined) {
	const [draft, setDraft] = useState<CustomerDraft | null>(null);
	const update = useUpdateCustomer(customer?.id ?? "");
	const { area, field, validate, clearErrors } = useZodForm(updateCustomerSchema);
	const editing = draft !== null;
	return {
		editing,
		draft,
		/** Spread on the element around the edit mode's fields; `field` gives each its props. */
		area,
		field,
		pending: update.isPending,
		set: <K extends keyof CustomerDraft>(key: K, value: CustomerDraft[K]) =>
			setDraft((d) => (d ? { ...d, [key]: value } : d)),
		start: () => customer && setDraft(draftOf(customer)),
		cancel: () => {
			setDraft(null);
			clearErrors();
		},
		save: async () => {
			if (!draft) return;
			const parsed = await validate(updateCustomerSchema, draft);
			if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message);
			update.mutate(draft, {
				onSuccess: () => {
					toast.success(CUSTOMER_MESSAGES.updated);
					setDraft(null);
				},
				onError: (error) =>
					toast.error(CUSTOMER_MESSAGES.updateFailed, { description: errorMessage(error) }),
			});
		},
	};
}
export type CustomerEditor = ReturnType<typeof useCustomerEditor>;
