import { ClipboardList } from "lucide-react";
import { EmptyState, PageHeading } from "../../components/shell/app-shell.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";

export function meta() {
	return [{ title: "Service Requests | Buckeye Holiday Lights" }];
}

export default function Requests() {
	return (
		<>
			<PageHeading
				title="Service Requests"
				description="Report a problem, change colors or add lights."
			/>
			<Tabs defaultValue="new">
				<TabsList>
					<TabsTrigger value="new">New Request</TabsTrigger>
					<TabsTrigger value="history">Request History</TabsTrigger>
				</TabsList>
				<TabsContent value="new">
					<EmptyState icon={ClipboardList}>
						Service requests are available after your quote has been approved.
					</EmptyState>
				</TabsContent>
				<TabsContent value="history">
					<EmptyState icon={ClipboardList}>No service requests found</EmptyState>
				</TabsContent>
			</Tabs>
		</>
	);
}
