import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { PageHeading } from "../../components/shell/app-shell.tsx";
import { Button } from "../../components/ui/button.tsx";

export function meta() {
	return [{ title: "Customer | Buckeye Holiday Lights" }];
}

export default function OwnerCustomer() {
	return (
		<>
			<Button asChild variant="ghost" size="sm" className="mb-4">
				<Link to="/owner">
					<ArrowLeft aria-hidden />
					Back
				</Link>
			</Button>
			<PageHeading title="Customer" />
			<p className="text-sm text-muted-foreground">Customer not found</p>
		</>
	);
}
