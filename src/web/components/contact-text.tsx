import { Fragment } from "react";
import {
	BUSINESS_SLOTS,
	emailPieces,
	PHONE_GROUP_CLASS,
	phoneGroups,
} from "../../shared/business-slots.ts";
import { cn } from "../lib/utils.ts";

/**
 * An e-mail address as text: on a narrow screen it wraps after the "@" or before a dot, never in
 * the middle of a name; only a piece longer than a whole line breaks inside (wrap-anywhere).
 * Prerendered with the business's address slot, the server fills in the same markup
 * (contactMarkup), so the page hydrates as it was sent.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
	return (
		<span data-slot="email" className={cn("wrap-anywhere", className)}>
			{email === BUSINESS_SLOTS.email
				? BUSINESS_SLOTS.emailText
				: emailPieces(email).map((piece, i) => (
						// biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed string
						<Fragment key={i}>
							{i > 0 ? <wbr /> : null}
							{piece}
						</Fragment>
					))}
		</span>
	);
}

/**
 * A phone number as text: it wraps only between its groups ("(330)" and "555-0142"), never at the
 * hyphen inside one.
 */
export function PhoneText({ phone, className }: { phone: string; className?: string }) {
	return (
		<span data-slot="phone" className={className}>
			{phone === BUSINESS_SLOTS.phone
				? BUSINESS_SLOTS.phoneText
				: phoneGroups(phone).map((group, i) => (
						// biome-ignore lint/suspicious/noArrayIndexKey: the groups of one fixed string
						<Fragment key={i}>
							{i > 0 ? " " : null}
							<span className={PHONE_GROUP_CLASS}>{group}</span>
						</Fragment>
					))}
		</span>
	);
}
