import type * as React from "react";
import { useId } from "react";
import { FormField } from "../../../components/form-field.tsx";
import type { FieldProps } from "../../../lib/use-zod-form.ts";

/**
 * An electronic signature: "I agree to sign electronically" with what it signs, then the typed full
 * name, each with its own error. Signing the contract and renewing for a season both use it.
 */
export function SignatureFields({
	consent,
	onConsentChange,
	consentError,
	name,
	onNameChange,
	nameField,
	children,
}: {
	consent: boolean;
	onConsentChange: (consent: boolean) => void;
	consentError: string | null;
	name: string;
	onNameChange: (name: string) => void;
	/** `field("fullName")` of the form. */
	nameField: FieldProps;
	/** What the signature signs, under the consent. */
	children: React.ReactNode;
}) {
	const consentId = useId();
	return (
		<>
			<div className="flex items-start gap-3">
				<input
					id={consentId}
					name="consent"
					type="checkbox"
					className="mt-0.5 size-5 shrink-0 accent-primary"
					checked={consent}
					onChange={(e) => onConsentChange(e.target.checked)}
					aria-invalid={consentError ? true : undefined}
					aria-describedby={consentError ? `${consentId}-error` : undefined}
				/>
				<div className="grid gap-1">
					<label htmlFor={consentId} className="text-sm font-medium">
						I agree to sign electronically
					</label>
					<p className="text-xs text-muted-foreground">{children}</p>
					{consentError ? (
						<p id={`${consentId}-error`} className="text-sm text-destructive">
							{consentError}
						</p>
					) : null}
				</div>
			</div>
			<FormField
				label="Full Name"
				autoComplete="name"
				value={name}
				onChange={(e) => onNameChange(e.target.value)}
				{...nameField}
			/>
		</>
	);
}
