import { useMutation } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { toast } from "sonner";
import { CONTACT_MESSAGES, contactSchema } from "../../../../shared/leads.ts";
import { FormField, formValues, TextareaField } from "../../../components/form-field.tsx";
import { Honeypot } from "../../../components/public/honeypot.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { sendContactMessage } from "../api.ts";

/** The public contact form: a message to the business, saved as a lead. */
export function ContactForm() {
	const mutation = useMutation({ mutationFn: sendContactMessage });
	return (
		<form
			noValidate
			className="relative grid gap-5"
			onSubmit={(event) => {
				event.preventDefault();
				const form = event.currentTarget;
				const parsed = contactSchema.safeParse(formValues(form));
				if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message);
				mutation.mutate(parsed.data, {
					onSuccess: () => {
						toast.success(CONTACT_MESSAGES.sent, { description: CONTACT_MESSAGES.sentDetail });
						form.reset();
					},
					onError: () =>
						toast.error(CONTACT_MESSAGES.failed, { description: CONTACT_MESSAGES.failedDetail }),
				});
			}}
		>
			<div className="grid gap-5 sm:grid-cols-2">
				<FormField label="Full Name" name="fullName" autoComplete="name" required />
				<FormField
					label="Email Address"
					name="email"
					type="email"
					autoComplete="email"
					inputMode="email"
					required
				/>
				<FormField
					label="Phone Number"
					name="phone"
					type="tel"
					autoComplete="tel"
					inputMode="tel"
					hint="Optional"
				/>
				<FormField label="City" name="city" autoComplete="address-level2" hint="Optional" />
			</div>
			<TextareaField
				label="Message"
				name="message"
				rows={5}
				placeholder="Tell us about your home or business and what you have in mind."
			/>
			<Honeypot />
			<Button
				type="submit"
				size="lg"
				pending={mutation.isPending}
				className="w-full sm:w-auto sm:justify-self-start"
			>
				{mutation.isPending ? null : <Send aria-hidden />}
				{mutation.isPending ? "Sending..." : "Send Message"}
			</Button>
		</form>
	);
}
