import { Receipt } from "lucide-react";
import { EmptyState, PageHeading } from "../../components/shell/app-shell.tsx";

export function meta() {
	return [{ title: "QuickPay | Buckeye Holiday Lights" }];
}

export default function QuickPay() {
	return (
		<>
			<PageHeading title="QuickPay" description="Your bills and payment plans." />
			<EmptyState icon={Receipt}>
				Payments are available after your quote has been approved.
			</EmptyState>
		</>
	);
}
