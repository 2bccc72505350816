import { Send } from "lucide-react";
import { useRef, useState } from "react";
import { CONTACT_FORM_CONSTRAINTS } from "../../../../shared/contact-form.ts";
import { FormField, formValues, TextareaField } from "../../../components/form-field.tsx";
import { Honeypot } from "../../../components/public/honeypot.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useZodForm } from "../../../lib/use-zod-form.ts";

/**
 * The form's validation (zod), its toasts and the API client load once the visitor starts on the
 * form, not with the page: the contact page's first load stays small.
 */
let sendingModules: Promise<
	[
		typeof import("../../../../shared/leads.ts"),
		typeof import("sonner"),
		typeof import("../api.ts"),
	]
>;
const loadSendingModules = () => {
	sendingModules ??= Promise.all([
		import("../../../../shared/leads.ts"),
		import("sonner"),
		import("../api.ts"),
	]);
	return sendingModules;
};

/** The public contact form: a message to the business, saved as a lead. */
export function ContactForm() {
	const [pending, setPending] = useState(false);
	// Set at the click itself: a double click's second click comes before the button is disabled.
	const busy = useRef(false);
	const { form, field, validate } = useZodForm(CONTACT_FORM_CONSTRAINTS);
	return (
		<form
			{...form}
			className="relative grid gap-5"
			onFocus={() => void loadSendingModules()}
			onSubmit={async (event) => {
				event.preventDefault();
				if (busy.current) return;
				const form = event.currentTarget;
				const values = formValues(form);
				const [{ CONTACT_MESSAGES, contactSchema }, { toast }, { sendContactMessage }] =
					await loadSendingModules();
				const parsed = validate(contactSchema, values);
				if (!parsed.success) {
					const message = parsed.error.issues[0]?.message;
					// The same problem twice shows one toast, not a stack of copies.
					return void toast.error(message, { id: message });
				}
				busy.current = true;
				setPending(true);
				try {
					await sendContactMessage(parsed.data);
					toast.success(CONTACT_MESSAGES.sent, { description: CONTACT_MESSAGES.sentDetail });
					form.reset();
				} catch {
					toast.error(CONTACT_MESSAGES.failed, { description: CONTACT_MESSAGES.failedDetail });
				} finally {
					busy.current = false;
					setPending(false);
				}
			}}
		>
			<div className="grid gap-5 sm:grid-cols-2">
				<FormField label="Full Name" {...field("fullName")} autoComplete="name" />
				<FormField
					label="Email Address"
					{...field("email")}
					type="email"
					autoComplete="email"
					inputMode="email"
				/>
				<FormField
					label="Phone Number"
					{...field("phone")}
					type="tel"
					autoComplete="tel"
					inputMode="tel"
					hint="Optional"
				/>
				<FormField label="City" {...field("city")} autoComplete="address-level2" hint="Optional" />
			</div>
			<TextareaField
				label="Message"
				{...field("message")}
				rows={5}
				placeholder="Tell us about your home or business and what you have in mind."
			/>
			<Honeypot />
			<Button
				type="submit"
				size="lg"
				pending={pending}
				className="w-full sm:w-auto sm:justify-self-start"
			>
				{pending ? null : <Send aria-hidden />}
				{pending ? "Sending..." : "Send Message"}
			</Button>
		</form>
	);
}
