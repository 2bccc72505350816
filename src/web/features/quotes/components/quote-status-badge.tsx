import type { QuoteStatus } from "../../../../shared/quotes.ts";
import { Badge } from "../../../components/ui/badge.tsx";

const variants = {
	pending: "warning",
	revised: "info",
	approved: "success",
	rejected: "danger",
} as const satisfies Record<QuoteStatus, string>;
const labels = {
	pending: "Pending",
	revised: "Revised",
	approved: "Approved",
	rejected: "Rejected",
} as const satisfies Record<QuoteStatus, string>;

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
	return <Badge variant={variants[status]}>{labels[status]}</Badge>;
}
