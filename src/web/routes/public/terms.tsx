import { Link } from "react-router";
import {
	PolicyContactSection,
	PolicyPage,
	PolicySection,
} from "../../components/public/policy-page.tsx";
import { useBusinessProfile } from "../../lib/business-profile.ts";
import { pageMeta } from "../../lib/seo.ts";

/** Shows no toast before the visitor interacts: see DeferredToaster in root.tsx. */

/** The date this text last changed: update it together with the text. */
const TERMS_LAST_UPDATED = "2026-11-23";

export function meta() {
	return pageMeta({
		title: "Terms of Service | Buckeye Holiday Lights",
		description:
			"The terms for holiday lighting design, installation, maintenance, takedown and storage by Buckeye Holiday Lights in Canton, Akron and Cleveland, Ohio.",
		path: "/terms",
	});
}

export default function TermsPage() {
	const business = useBusinessProfile();
	const name = business.businessName;
	return (
		<PolicyPage
			title="Terms of Service"
			lastUpdated={TERMS_LAST_UPDATED}
			intro={
				<p>
					These terms apply when you use our website or app, request a quote, or hire {name} ("we",
					"us") to design, install, maintain, take down or store holiday lighting. By using our
					services you agree to them.
				</p>
			}
		>
			<PolicySection title="1. Our services">
				<p>
					We design custom holiday light displays and install premium C9 LED lighting on homes and
					businesses in {business.serviceAreas.join(", ")} and nearby areas. Depending on your
					package, we also maintain the display during the season, take it down afterwards and store
					it until the next season.
				</p>
			</PolicySection>

			<PolicySection title="2. Quotes and instant estimates">
				<ul>
					<li>
						The instant estimate on our website and app is a preliminary figure calculated from the
						services and location you enter. It is not a binding offer.
					</li>
					<li>
						Your final price is the one in the quote we confirm with you after reviewing your
						property. We may revise an estimate when the property, the requested work or access
						differs from what was described.
					</li>
					<li>A confirmed quote is valid for 30 days.</li>
				</ul>
			</PolicySection>

			<PolicySection title="3. Agreement and payment">
				<ul>
					<li>
						Your order is confirmed when you approve the quote and sign the service agreement in our
						app.
					</li>
					<li>
						Bills are due 30 days after your quote is approved unless your agreement says otherwise.
						You can pay by card in the app, or by cash or check.
					</li>
					<li>
						Card payments are handled by our payment provider. We never store your full card number
						or security code.
					</li>
				</ul>
			</PolicySection>

			<PolicySection title="4. Cancellations and refunds">
				<ul>
					<li>
						Cancel <strong>more than 7 days</strong> before your installation date: full refund
						minus administrative costs.
					</li>
					<li>
						Cancel <strong>within 7 days</strong> of your installation date: refund of 50% of the
						deposit.
					</li>
					<li>
						<strong>No refund</strong> once installation has begun.
					</li>
				</ul>
				<p>
					Our{" "}
					<Link to="/refunds" className="text-primary underline">
						Refund Policy
					</Link>{" "}
					sets out the full schedule, processing times and refunds for post-installation issues.
					Where the two differ, the one that gives you the larger refund applies.
				</p>
			</PolicySection>

			<PolicySection title="5. Installation and access to your property">
				<ul>
					<li>
						You confirm that you own the property or have the owner's permission, and you give our
						crew access to the outside of the building, the roofline and the areas to be decorated.
					</li>
					<li>
						Working outdoor power outlets are needed near the display. Tell us about anything that
						affects safe installation, such as damaged gutters, pets in the yard or underground
						lines.
					</li>
					<li>
						You are responsible for any approval your homeowners' association or landlord requires.
					</li>
					<li>
						We schedule installation with you. Ice, snow, high winds or rain can delay work for
						safety reasons; we will reschedule at the earliest safe date.
					</li>
				</ul>
			</PolicySection>

			<PolicySection title="6. Lights and equipment">
				<p>
					Unless your agreement says you bought them, the lights, clips, timers and cords we supply
					remain our property and are provided to you for the season. Please do not remove, move or
					modify them; contact us instead and we will make the change.
				</p>
			</PolicySection>

			<PolicySection title="7. Maintenance, changes, takedown and storage">
				<ul>
					<li>
						During the season, report outages or problems in the app or by phone and we will repair
						them.
					</li>
					<li>
						Color changes and additional lights can be requested in the app; they may carry an extra
						charge, shown to you before you confirm.
					</li>
					<li>
						After the holidays we take the display down on a date we arrange with you and store the
						equipment until the next season.
					</li>
				</ul>
			</PolicySection>

			<PolicySection title="8. Your account">
				<p>
					Keep your password private and tell us promptly if you think someone else has used your
					account. You are responsible for requests made from your account.
				</p>
			</PolicySection>

			<PolicySection title="9. Liability">
				<p>
					We carry out our work with reasonable care and skill. We are responsible for damage we
					cause while working on your property. We are not responsible for pre-existing defects,
					damage caused by weather, power failures or third parties, or indirect losses. To the
					extent the law allows, our total liability is limited to the amount you paid for the
					service in question.
				</p>
			</PolicySection>

			<PolicySection title="10. Governing law and disputes">
				<p>
					These terms are governed by the laws of the State of Ohio. Any dispute that we cannot
					resolve together will be handled by the courts of Stark County, Ohio.
				</p>
			</PolicySection>

			<PolicySection title="11. Changes to these terms">
				<p>
					We may update these terms. The date at the top shows when they last changed; the terms in
					force when you approved your quote apply to that service.
				</p>
			</PolicySection>

			<PolicyContactSection title="12. Contact" />
		</PolicyPage>
	);
}
