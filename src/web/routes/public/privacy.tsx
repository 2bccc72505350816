import {
	PolicyContactSection,
	PolicyPage,
	PolicySection,
} from "../../components/public/policy-page.tsx";
import { useBusinessProfile } from "../../lib/business-profile.ts";
import { pageMeta } from "../../lib/seo.ts";

/** Shows no toast before the visitor interacts: see DeferredToaster in root.tsx. */

/** The date this text last changed: update it together with the text. */
const PRIVACY_LAST_UPDATED = "2026-11-23";

export function meta() {
	return pageMeta({
		title: "Privacy Policy | Buckeye Holiday Lights",
		description:
			"How Buckeye Holiday Lights collects, uses and protects the information you share when you request a quote, contact us or use our app.",
		path: "/privacy",
	});
}

export default function PrivacyPage() {
	const business = useBusinessProfile();
	const name = business.businessName;
	return (
		<PolicyPage
			title="Privacy Policy"
			lastUpdated={PRIVACY_LAST_UPDATED}
			intro={
				<p>
					{name} respects your privacy. This policy explains what information we collect when you
					use our website and app, request a quote or contact us, how we use it, and the choices you
					have.
				</p>
			}
		>
			<PolicySection title="Information we collect">
				<ul>
					<li>
						<strong>Contact details</strong> you give us: your name, e-mail address, phone number
						and city.
					</li>
					<li>
						<strong>Property information</strong>: the service address, the services you choose,
						notes and the photos of your property you upload.
					</li>
					<li>
						<strong>Account information</strong> if you create an account: your e-mail address,
						display name and password (stored only in a scrambled, one-way form).
					</li>
					<li>
						<strong>Service history</strong>: quotes, bills, service requests, project progress and
						the messages and files you send us in the app.
					</li>
					<li>
						<strong>Payment information</strong>: card payments are handled by our payment provider.
						We keep only the card brand, its last four digits and the provider's reference numbers,
						never the full card number or security code.
					</li>
					<li>
						<strong>Technical information</strong>: our servers record the address your requests
						come from, the pages requested and when, to keep the service secure and working.
					</li>
				</ul>
			</PolicySection>

			<PolicySection title="Cookies and storage on your device">
				<p>
					When you sign in we set one cookie that keeps you signed in. It cannot be read by other
					websites or scripts. Our app also saves pages on your device so they open quickly and work
					offline, and remembers choices you make there, such as declining to install the app. We do
					not use advertising or tracking cookies.
				</p>
			</PolicySection>

			<PolicySection title="How we use your information">
				<ul>
					<li>To prepare estimates and quotes and to answer your messages.</li>
					<li>To schedule, install, maintain, take down and store your display.</li>
					<li>To bill you, take payments and process refunds.</li>
					<li>
						To send you e-mails about your service, such as quote updates, bills and password
						resets.
					</li>
					<li>To protect our website, app and customers from spam, fraud and misuse.</li>
					<li>To meet our legal, tax and accounting obligations.</li>
				</ul>
			</PolicySection>

			<PolicySection title="Who we share it with">
				<p>We do not sell or rent your personal information. We share it only:</p>
				<ul>
					<li>
						with service providers who work for us, such as hosting, e-mail delivery and payment
						processing, and only as needed for that work;
					</li>
					<li>when the law requires it, or to protect our rights, customers or crew;</li>
					<li>with a buyer of our business, who would have to honor this policy.</li>
				</ul>
			</PolicySection>

			<PolicySection title="Your photos and files">
				<p>
					Photos and files you upload are private. Only our team and you, when signed in to your
					account, can open them. We use them to plan and carry out your service.
				</p>
			</PolicySection>

			<PolicySection title="How long we keep it">
				<p>
					We keep your information for as long as we need it to provide our services and to meet our
					legal, tax and accounting obligations. After that we delete it or make it anonymous.
				</p>
			</PolicySection>

			<PolicySection title="Security">
				<p>
					We protect your information with encrypted connections, scrambled passwords and access
					controls that let each customer see only their own records. No system is perfectly secure,
					so please tell us right away if you suspect a problem with your account.
				</p>
			</PolicySection>

			<PolicySection title="Your choices and rights">
				<p>
					You can update your contact details in the app at any time. To see, correct or delete the
					information we hold about you, contact us and we will respond within 30 days. We only send
					e-mails about your service; we do not add you to marketing lists.
				</p>
			</PolicySection>

			<PolicySection title="Children">
				<p>
					Our services are meant for adults. We do not knowingly collect information from children
					under 13.
				</p>
			</PolicySection>

			<PolicySection title="Changes to this policy">
				<p>
					If we change this policy, we will post the new version here and update the date at the top
					of the page.
				</p>
			</PolicySection>

			<PolicyContactSection title="Contact us" />
		</PolicyPage>
	);
}
