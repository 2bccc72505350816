import { WifiOff } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";

/** Shows no toast before the visitor interacts: see DeferredToaster in root.tsx. */

export function meta() {
	return [{ title: "You are offline" }, { name: "robots", content: "noindex" }];
}

export default function Offline() {
	return (
		<main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
			<WifiOff className="size-10 text-muted-foreground" aria-hidden />
			<h1 className="text-2xl font-semibold">You are offline</h1>
			<p className="max-w-sm text-muted-foreground">
				This page needs an internet connection. Check your connection and try again.
			</p>
			<Button asChild variant="outline">
				<Link to="/">Return to Home</Link>
			</Button>
		</main>
	);
}
