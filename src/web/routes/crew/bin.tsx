import { useParams } from "react-router";
import { BinPage } from "../../features/storage/components/bin-page.tsx";

export function meta() {
	return [{ title: "Bin | Buckeye Holiday Lights" }];
}

/** Where a bin label's QR code leads: for the owner and the crews (others are sent away). */
export default function Bin() {
	const { code = "" } = useParams();
	return <BinPage code={code.toUpperCase()} />;
}
