import { useParams } from "react-router";
import { mayOpen } from "../../features/auth/api.ts";
import { storageQueries } from "../../features/storage/api.ts";
import { BinPage } from "../../features/storage/components/bin-page.tsx";
import { firstData } from "../../lib/first-data.ts";

export function meta() {
	return [{ title: "Bin | Buckeye Holiday Lights" }];
}

/** The bin and the places to store it, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = ({ params }: { params: { code: string } }) =>
	firstData(mayOpen("crew"), (client) => [
		client.prefetchQuery(storageQueries.bin(params.code.toUpperCase())),
		client.prefetchQuery(storageQueries.locations()),
	]);

/** Where a bin label's QR code leads: for the owner and the crews (others are sent away). */
export default function Bin() {
	const { code = "" } = useParams();
	return <BinPage code={code.toUpperCase()} />;
}
