import { Users } from "lucide-react";
import { EmptyState, PageHeading } from "../../components/shell/app-shell.tsx";

export function meta() {
	return [{ title: "Dashboard | Buckeye Holiday Lights" }];
}

export default function Dashboard() {
	return (
		<>
			<PageHeading title="Dashboard" description="Your business at a glance." />
			<h2 className="mb-3 text-lg font-semibold">Customer Management</h2>
			<EmptyState icon={Users}>No customers found. Add your first customer above.</EmptyState>
		</>
	);
}
