import type { QuoteView } from "../../../../shared/quotes.ts";
import { Badge } from "../../../components/ui/badge.tsx";

const variants = {
	pending: "warning",
	revised: "info",
	approved: "success",
	rejected: "danger",
} as const;
const labels = {
	pending: "Pending",
	revised: "Revised",
	approved: "Approved",
	rejected: "Rejected",
} as const;

export function QuoteStatusBadge({ status }: { status: QuoteView["status"] }) {
	return <Badge variant={variants[status]}>{labels[status]}</Badge>;
}
