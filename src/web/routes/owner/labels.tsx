import { useParams } from "react-router";
import { mayOpen } from "../../features/auth/api.ts";
import { RequireUser } from "../../features/auth/components/require-user.tsx";
import { storageQueries } from "../../features/storage/api.ts";
import { BinLabelsSheet } from "../../features/storage/components/bin-labels-sheet.tsx";
import { firstData } from "../../lib/first-data.ts";
import { QueryProvider } from "../../lib/query-client.tsx";

export function meta() {
	return [{ title: "Bin labels | Buckeye Holiday Lights" }];
}

/** The customer's labels, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = ({ params }: { params: { id: string } }) =>
	firstData(mayOpen("owner"), (client) => [client.prefetchQuery(storageQueries.labels(params.id))]);

/** A customer's label sheet, on a page of its own: printed, only the labels. */
export default function BinLabels() {
	const id = useParams().id ?? "";
	return (
		<QueryProvider>
			<RequireUser owner>{() => <BinLabelsSheet customerId={id} />}</RequireUser>
		</QueryProvider>
	);
}
