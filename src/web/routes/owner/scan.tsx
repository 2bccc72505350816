import { ScanBins } from "../../features/storage/components/scan-bins.tsx";

export function meta() {
	return [{ title: "Scan Bins | Buckeye Holiday Lights" }];
}

export default function OwnerScan() {
	return <ScanBins />;
}
