import { ScanLine } from "lucide-react";
import { Link, useParams } from "react-router";
import { BinPage } from "../../features/storage/components/bin-page.tsx";

export function meta() {
	return [{ title: "Bin | Buckeye Holiday Lights" }];
}

/** Where a bin label's QR code leads: for the owner and the crews (others are sent away). */
export default function Bin() {
	const { code = "" } = useParams();
	return (
		<div className="grid gap-4">
			<Link
				to="/crew/scan"
				className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
			>
				<ScanLine className="size-4" aria-hidden /> Scan Bins
			</Link>
			<BinPage code={code.toUpperCase()} />
		</div>
	);
}
