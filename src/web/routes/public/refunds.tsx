import { Link } from "react-router";
import { EmailText, PhoneText } from "../../components/contact-text.tsx";
import { PolicyPage, PolicySection } from "../../components/public/policy-page.tsx";
import { telHref, useBusinessProfile } from "../../lib/business-profile.ts";
import { pageMeta } from "../../lib/seo.ts";

/** Shows no toast before the visitor interacts: see DeferredToaster in root.tsx. */

/** The date this text last changed: update it together with the text. */
const REFUNDS_LAST_UPDATED = "2026-11-23";

export function meta() {
	return pageMeta({
		title: "Refund Policy | Buckeye Holiday Lights",
		description:
			"Cancellation and refund terms for holiday lighting installations by Buckeye Holiday Lights: timelines, the administrative fee, processing times and post-installation issues.",
		path: "/refunds",
	});
}

const SCHEDULE = [
	["More than 14 days before installation", "Full refund"],
	["7 to 14 days before installation", "Full refund minus a $50 administrative fee"],
	["Within 7 days of installation", "50% refund"],
	["After installation begins", "No refund"],
] as const;

const PROCESSING = [
	["Credit or debit card", "3-5 business days"],
	["Bank transfer", "5-7 business days"],
	["Cash (refunded by check)", "7-10 business days"],
] as const;

export default function RefundsPage() {
	const business = useBusinessProfile();
	return (
		<PolicyPage
			title="Refund Policy"
			lastUpdated={REFUNDS_LAST_UPDATED}
			intro={
				<p>
					We want you to love your holiday display. This policy explains when you can cancel, how
					much is refunded, and how long refunds take. It is part of our{" "}
					<Link to="/terms" className="text-primary underline">
						Terms of Service
					</Link>
					.
				</p>
			}
		>
			<PolicySection title="Cancellations before installation">
				<p>
					The refund you receive depends on how far ahead of your scheduled installation date you
					cancel:
				</p>
				<div className="overflow-hidden rounded-xl border">
					<table className="w-full text-left text-sm">
						<caption className="sr-only">Refund by cancellation date</caption>
						<thead className="bg-muted text-foreground">
							<tr>
								<th scope="col" className="px-4 py-3 font-semibold">
									When you cancel
								</th>
								<th scope="col" className="px-4 py-3 font-semibold">
									Your refund
								</th>
							</tr>
						</thead>
						<tbody className="divide-y">
							{SCHEDULE.map(([when, refund]) => (
								<tr key={when} className="bg-card">
									<td className="px-4 py-3">{when}</td>
									<td className="px-4 py-3 font-medium text-foreground">{refund}</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
				<p>
					Our Terms of Service also describe how deposits are handled when you cancel: more than 7
					days before installation, a full refund minus administrative costs; within 7 days, 50% of
					the deposit; no refund once installation has begun. When both apply, we use whichever
					gives you the larger refund.
				</p>
			</PolicySection>

			<PolicySection title="After installation begins">
				<p>
					Once our crew has started installing your display, the work, materials and scheduling are
					committed to your home, so the service is no longer refundable. In-season maintenance is
					part of your service: if bulbs or strands stop working, report it and we will fix it.
				</p>
			</PolicySection>

			<PolicySection title="Post-installation issues">
				<p>
					If <strong>more than 25% of your display fails</strong> after installation, you are
					eligible for a refund. Please report the problem as soon as you notice it, with{" "}
					<strong>Report Light Out / Issue</strong> in the app or by calling us, so we can inspect
					the display and, where possible, repair it first.
				</p>
			</PolicySection>

			<PolicySection title="How long refunds take">
				<p>
					Approved refunds are processed within <strong>5-7 business days</strong>. How soon the
					money reaches you then depends on how you paid:
				</p>
				<ul>
					{PROCESSING.map(([method, time]) => (
						<li key={method}>
							<strong>{method}:</strong> {time}
						</li>
					))}
				</ul>
			</PolicySection>

			<PolicySection title="How to request a refund">
				<p>
					Call us at{" "}
					<a className="text-primary underline" href={telHref(business.phone)}>
						<PhoneText phone={business.phone} />
					</a>{" "}
					or e-mail{" "}
					<a className="text-primary underline" href={`mailto:${business.email}`}>
						<EmailText email={business.email} />
					</a>{" "}
					with your name, the service address and the reason for your request. We answer within 24
					hours on business days and confirm the amount and timing of your refund in writing.
				</p>
			</PolicySection>
		</PolicyPage>
	);
}
