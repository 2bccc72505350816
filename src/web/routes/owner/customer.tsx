import { ArrowLeft, Pencil, Save, X } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { CUSTOMER_MESSAGES } from "../../../shared/customers.ts";
import { EmptyState, LoadingState } from "../../components/shell/app-shell.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { mayOpen } from "../../features/auth/api.ts";
import { BookForCustomerDialog } from "../../features/bookings/components/book-for-customer-dialog.tsx";
import { contractQueries } from "../../features/contracts/api.ts";
import { CustomerContractsCard } from "../../features/contracts/components/customer-contracts-card.tsx";
import { CustomerSeasonTimeline } from "../../features/contracts/components/season-timeline.tsx";
import { crewQueries } from "../../features/crew/api.ts";
import { PropertySpecsCard } from "../../features/crew/components/property-specs-card.tsx";
import { customerQueries, useCustomerDetail } from "../../features/customers/api.ts";
import {
	AccountInfoCard,
	PropertyNotesCard,
} from "../../features/customers/components/account-info-card.tsx";
import { CustomerHeader } from "../../features/customers/components/customer-header.tsx";
import { ProgressCard } from "../../features/customers/components/progress-card.tsx";
import { useCustomerEditor } from "../../features/customers/customer-editor-api.ts";
import { SendRenewalButton } from "../../features/renewals/components/send-renewal-button.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { firstData } from "../../lib/first-data.ts";
import { toast } from "../../lib/toast.ts";
import type { LaterSection } from "./customer-sections.tsx";

export function meta() {
	return [{ title: "Customer | Buckeye Holiday Lights" }];
}

const LATER_TABS = [
	{ value: "billing", label: "Billing" },
	{ value: "requests", label: "Requests" },
	{ value: "photos", label: "Photos" },
	{ value: "storage", label: "Storage" },
	{ value: "messages", label: "Messages" },
] as const satisfies readonly { value: LaterSection; label: string }[];
const TABS = [{ value: "overview", label: "Overview" }, ...LATER_TABS] as const;
type Tab = (typeof TABS)[number]["value"];

/** The later tabs' content: loaded when one is first opened, or about to be. */
const loadSections = () => import("./customer-sections.tsx");
const CustomerSection = lazy(() => loadSections().then((m) => ({ default: m.CustomerSection })));
const isTab = (value: string | null): value is Tab => TABS.some((t) => t.value === value);

/**
 * The customer's page, from the page itself on its first load (lib/first-data.ts). Its cards' reads
 * follow the customer's own, as its cards follow it: none for a customer who is not there.
 */
export const clientLoader = ({ params }: { params: { id: string } }) =>
	firstData(mayOpen("owner"), (client) => [
		client
			.fetchQuery(customerQueries.detail(params.id))
			.then(() =>
				Promise.all([
					client.prefetchQuery(contractQueries.customerTimeline(params.id)),
					client.prefetchQuery(crewQueries.specs(params.id)),
					client.prefetchQuery(contractQueries.customerContracts(params.id)),
				]),
			),
	]);

/**
 * One customer's page: a summary strip, then the sections in tabs. The open tab is in the address
 * (?tab=billing), so reloading keeps it and Back returns to the one before; each section is a
 * component of its feature.
 */
export default function OwnerCustomer() {
	const id = useParams().id ?? "";
	const navigate = useNavigate();
	const [params, setParams] = useSearchParams();
	const requested = params.get("tab");
	const tab: Tab = isTab(requested) ? requested : "overview";
	const detail = useCustomerDetail(id);
	const editor = useCustomerEditor(detail.data?.customer);
	const missing = detail.error instanceof ApiError && [400, 404].includes(detail.error.status);

	useEffect(() => {
		if (!missing) return;
		toast.error(CUSTOMER_MESSAGES.notFound);
		navigate("/owner", { replace: true });
	}, [missing, navigate]);

	const open = (next: string) =>
		setParams(
			(current) => {
				const after = new URLSearchParams(current);
				if (next === "overview") after.delete("tab");
				else after.set("tab", next);
				return after;
			},
			{ preventScrollReset: true },
		);

	if (detail.isPending) return <LoadingState label="Loading customer..." />;
	if (detail.isError)
		return <EmptyState>Failed to load the customer: {errorMessage(detail.error)}</EmptyState>;
	const { customer } = detail.data;

	return (
		<div className="grid min-w-0 gap-4">
			<div className="flex flex-wrap items-center justify-between gap-2">
				<Button asChild variant="ghost" size="sm">
					<Link to="/owner">
						<ArrowLeft aria-hidden />
						Back
					</Link>
				</Button>
				{editor.editing ? (
					<div className="flex gap-2">
						<Button variant="outline" size="sm" onClick={editor.cancel} disabled={editor.pending}>
							<X aria-hidden />
							Cancel
						</Button>
						<Button size="sm" onClick={editor.save} pending={editor.pending}>
							{editor.pending ? null : <Save aria-hidden />}
							Save
						</Button>
					</div>
				) : (
					<div className="flex flex-wrap justify-end gap-2">
						<BookForCustomerDialog
							customer={{ id: customer.id, name: customer.name }}
							label="Book a Day"
						/>
						<SendRenewalButton customerId={customer.id} />
						<Button
							size="sm"
							onClick={() => {
								// What edit mode changes is on the Overview.
								editor.start();
								if (tab !== "overview") open("overview");
							}}
						>
							<Pencil aria-hidden />
							Edit
						</Button>
					</div>
				)}
			</div>
			<CustomerHeader detail={detail.data} editing={editor.editing} />
			<Tabs value={tab} onValueChange={open} className="min-w-0">
				<TabsList
					aria-label="Customer sections"
					onPointerEnter={loadSections}
					onFocus={loadSections}
					className="justify-start overflow-x-auto [scrollbar-width:none]"
				>
					{TABS.map((t) => (
						<TabsTrigger key={t.value} value={t.value} className="shrink-0 sm:flex-1">
							{t.label}
						</TabsTrigger>
					))}
				</TabsList>
				<TabsContent value="overview" className="grid items-start gap-4 lg:grid-cols-3">
					{/* min-w-0: a grid item is as wide as its content by default and would overlap the next column. */}
					<div className="grid min-w-0 gap-4">
						<ProgressCard customer={customer} />
						<CustomerSeasonTimeline customerId={customer.id} />
					</div>
					<div className="grid min-w-0 gap-4 lg:col-span-2" {...editor.area}>
						<AccountInfoCard customer={customer} editor={editor} />
						<PropertyNotesCard customer={customer} editor={editor} />
						<PropertySpecsCard customerId={customer.id} />
						<CustomerContractsCard customerId={customer.id} />
					</div>
				</TabsContent>
				{LATER_TABS.map(({ value }) => (
					<TabsContent key={value} value={value} className="min-w-0">
						<Suspense fallback={<LoadingState />}>
							<CustomerSection section={value} detail={detail.data} />
						</Suspense>
					</TabsContent>
				))}
			</Tabs>
		</div>
	);
}
