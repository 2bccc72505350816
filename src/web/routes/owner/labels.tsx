import { useParams } from "react-router";
import { RequireUser } from "../../features/auth/components/require-user.tsx";
import { BinLabelsSheet } from "../../features/storage/components/bin-labels-sheet.tsx";
import { QueryProvider } from "../../lib/query-client.tsx";

export function meta() {
	return [{ title: "Bin labels | Buckeye Holiday Lights" }];
}

/** A customer's label sheet, on a page of its own: printed, only the labels. */
export default function BinLabels() {
	const id = useParams().id ?? "";
	return (
		<QueryProvider>
			<RequireUser owner>{() => <BinLabelsSheet customerId={id} />}</RequireUser>
		</QueryProvider>
	);
}
