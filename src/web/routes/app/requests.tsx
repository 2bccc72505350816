import { ClipboardList, Lightbulb, Palette, Wrench } from "lucide-react";
import { useState } from "react";
import type { CustomerRequestType } from "../../../shared/requests.ts";
import { EmptyState, LoadingState, PageHeading } from "../../components/shell/app-shell.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { mayOpen } from "../../features/auth/api.ts";
import { quoteQueries, useLatestQuote } from "../../features/quotes/api.ts";
import { requestQueries, useMyRequests } from "../../features/requests/api.ts";
import { RequestForm } from "../../features/requests/components/request-form.tsx";
import { RequestHistory } from "../../features/requests/components/request-history.tsx";
import { firstData } from "../../lib/first-data.ts";
import { cn } from "../../lib/utils.ts";

export function meta() {
	return [{ title: "Service Requests | Buckeye Holiday Lights" }];
}

const FORMS = [
	{
		type: "Fix",
		title: "Report a Problem",
		description: "A strand out, a timer or a broken bulb.",
		icon: Wrench,
	},
	{
		type: "ChangeColor",
		title: "Change Colors",
		description: "New colors for a party or the season.",
		icon: Palette,
	},
	{
		type: "MoreLights",
		title: "Request More Lights",
		description: "Add trees, bushes or a roofline.",
		icon: Lightbulb,
	},
] as const satisfies {
	type: CustomerRequestType;
	title: string;
	description: string;
	icon: unknown;
}[];

/** The requests, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = () =>
	firstData(mayOpen("app"), (client) => [
		client.prefetchQuery(quoteQueries.latest()),
		client.prefetchInfiniteQuery(requestQueries.history()),
	]);

export default function Requests() {
	const quote = useLatestQuote();
	const history = useMyRequests();
	const [tab, setTab] = useState("new");
	const [type, setType] = useState<CustomerRequestType>("Fix");
	const approved = quote.data?.status === "approved";
	const form = FORMS.find((f) => f.type === type)!;
	return (
		<>
			<PageHeading
				title="Service Requests"
				description="Report a problem, change colors or add lights."
			/>
			<Tabs value={tab} onValueChange={setTab} className="grid gap-4">
				<TabsList>
					<TabsTrigger value="new">New Request</TabsTrigger>
					<TabsTrigger value="history">Request History</TabsTrigger>
				</TabsList>
				<TabsContent value="new">
					{quote.isPending ? (
						<LoadingState />
					) : !approved ? (
						<EmptyState icon={ClipboardList}>
							Service requests are available after your quote has been approved.
						</EmptyState>
					) : (
						<div className="grid gap-4">
							<div className="grid grid-cols-3 gap-2">
								{FORMS.map((f) => (
									<button
										key={f.type}
										type="button"
										aria-pressed={f.type === type}
										onClick={() => setType(f.type)}
										className={cn(
											"flex flex-col items-center gap-1.5 rounded-lg border bg-card px-2 py-3 text-center text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
											f.type === type && "border-primary bg-primary/5 text-primary",
										)}
									>
										<f.icon className="size-5" aria-hidden />
										{f.title}
									</button>
								))}
							</div>
							<Card>
								<CardHeader>
									<CardTitle>{form.title}</CardTitle>
									<CardDescription>{form.description}</CardDescription>
								</CardHeader>
								<CardContent>
									<RequestForm
										key={type}
										type={type}
										colorFeeCents={history.data?.pages[0]?.colorFeeCents ?? null}
										onSubmitted={() => setTab("history")}
									/>
								</CardContent>
							</Card>
						</div>
					)}
				</TabsContent>
				<TabsContent value="history">
					<RequestHistory />
				</TabsContent>
			</Tabs>
		</>
	);
}
