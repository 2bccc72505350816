import { mayOpen } from "../../features/auth/api.ts";
import { storageQueries } from "../../features/storage/api.ts";
import { ScanBins } from "../../features/storage/components/scan-bins.tsx";
import { firstData } from "../../lib/first-data.ts";

/** The places to store bins, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = () =>
	firstData(mayOpen("owner"), (client) => [client.prefetchQuery(storageQueries.locations())]);

export function meta() {
	return [{ title: "Scan Bins | Buckeye Holiday Lights" }];
}

export default function OwnerScan() {
	return <ScanBins />;
}
