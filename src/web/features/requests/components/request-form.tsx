import { Send } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { formatCents } from "../../../../shared/money.ts";
import {
	type CustomerRequestType,
	MAX_REQUEST_PHOTOS,
	REQUEST_MESSAGES,
} from "../../../../shared/requests.ts";
import { PhotoPicker } from "../../../components/photo-picker.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { useMe } from "../../auth/api.ts";
import {
	ConfirmEmailNotice,
	needsConfirmation,
} from "../../auth/components/confirm-email-notice.tsx";
import { useSubmitRequest } from "../api.ts";
import { useRequestFields } from "../request-fields-api.ts";
import { RequestFields } from "./request-parts.tsx";

const newRequestSchema = lazySchema(
	() => import("../../../../shared/service-requests.ts"),
	"newRequestSchema",
);

const DETAILS_LABEL = {
	Fix: "What's wrong?",
	ChangeColor: "Details",
	MoreLights: "Where would you like more lights?",
} as const satisfies Record<CustomerRequestType, string>;

/**
 * One of the customer's three forms (Report a Problem, Change Colors, Request More Lights): details,
 * priority, up to six photos, and for Change Colors the scheme and the fee it adds to QuickPay.
 */
export function RequestForm({
	type,
	colorFeeCents,
	onSubmitted,
}: {
	type: CustomerRequestType;
	colorFeeCents: number | null;
	onSubmitted: () => void;
}) {
	const fields = useRequestFields(type);
	const { form, field, validate } = useZodForm(newRequestSchema);
	const [photos, setPhotos] = useState<File[]>([]);
	const { data: me } = useMe();
	const submitRequest = useSubmitRequest();

	const submit = async (event: React.FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		const { input } = fields;
		const parsed = await validate(newRequestSchema, input);
		if (!parsed.success) {
			const issue = parsed.error.issues[0];
			// Each problem is said under its field; the others (a colour scheme) in a toast as before.
			if (issue?.path[0] !== "details") toast.error(issue?.message);
			return;
		}
		submitRequest.mutate(
			{ input, photos },
			{
				onSuccess: () => {
					toast.success(REQUEST_MESSAGES.submitted, {
						description: "We'll take care of it as soon as we can.",
					});
					fields.reset();
					setPhotos([]);
					onSubmitted();
				},
				onError: (error) =>
					toast.error(REQUEST_MESSAGES.submitFailed, { description: errorMessage(error) }),
			},
		);
	};

	return (
		<form {...form} onSubmit={submit} className="grid gap-5">
			<RequestFields
				type={type}
				fields={fields}
				field={field}
				detailsLabel={DETAILS_LABEL[type]}
				rows={4}
			/>
			<div className="grid gap-2">
				<span className="text-sm font-medium">Photos</span>
				{needsConfirmation(me) ? (
					<ConfirmEmailNotice what="add photos" />
				) : (
					<PhotoPicker photos={photos} onChange={setPhotos} max={MAX_REQUEST_PHOTOS} />
				)}
			</div>
			{type === "ChangeColor" && colorFeeCents !== null ? (
				<p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
					A color change fee of <strong>{formatCents(colorFeeCents)}</strong> is added to QuickPay
					when you submit.
				</p>
			) : null}
			<Button type="submit" size="lg" pending={submitRequest.isPending}>
				<Send aria-hidden />
				{submitRequest.isPending ? "Submitting..." : "Submit Request"}
			</Button>
		</form>
	);
}
