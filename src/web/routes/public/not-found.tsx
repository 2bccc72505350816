import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";

/** Shows no toast before the visitor interacts: see DeferredToaster in root.tsx. */

export function meta() {
	return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
	return (
		<main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
			<p className="font-display text-6xl font-bold text-primary">404</p>
			<h1 className="text-2xl font-semibold">Oops! Page not found</h1>
			<p className="text-muted-foreground">
				The page you are looking for does not exist or has moved.
			</p>
			<Button asChild>
				<Link to="/">Return to Home</Link>
			</Button>
		</main>
	);
}
