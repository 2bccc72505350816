import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { Toaster } from "sonner";
import "./app.css";
import { FullPageSpinner } from "./components/full-page-spinner.tsx";
import { ApiError } from "./lib/api-client.ts";

export function Layout({ children }: { children: React.ReactNode }) {
	return (
		<html lang="en">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
				<meta name="theme-color" content="#0f1b2d" />
				<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
				<Meta />
				<Links />
			</head>
			<body>
				{children}
				<ScrollRestoration />
				<Scripts />
			</body>
		</html>
	);
}

export default function App() {
	const [queryClient] = useState(
		() =>
			new QueryClient({
				defaultOptions: {
					queries: {
						// Client errors will not get better by asking again.
						retry: (count, error) =>
							!(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
							count < 3,
					},
				},
			}),
	);
	return (
		<QueryClientProvider client={queryClient}>
			<Outlet />
			<Toaster position="top-center" richColors closeButton />
		</QueryClientProvider>
	);
}

export function HydrateFallback() {
	return <FullPageSpinner />;
}
