import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { Toaster } from "sonner";
import "./app.css";
import { FullPageSpinner } from "./components/full-page-spinner.tsx";
import { InstallBanner } from "./features/pwa/components/install-banner.tsx";
import { listenForInstallPrompt } from "./features/pwa/install-prompt.ts";
import { registerServiceWorker } from "./features/pwa/register-service-worker.ts";
import { ApiError } from "./lib/api-client.ts";

// As early as possible: the browser may offer the install prompt before the app has hydrated.
listenForInstallPrompt();

export function Layout({ children }: { children: React.ReactNode }) {
	return (
		<html lang="en">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
				<meta name="theme-color" content="#0f1b2d" />
				<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
				<link rel="manifest" href="/manifest.webmanifest" />
				<link rel="apple-touch-icon" href="/apple-touch-icon-180x180.png" />
				<meta name="mobile-web-app-capable" content="yes" />
				<meta name="apple-mobile-web-app-capable" content="yes" />
				<meta name="apple-mobile-web-app-title" content="Buckeye Lights" />
				<meta name="apple-mobile-web-app-status-bar-style" content="default" />
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
	useEffect(registerServiceWorker, []);
	return (
		<QueryClientProvider client={queryClient}>
			<Outlet />
			<Toaster position="top-center" richColors closeButton />
			<InstallBanner />
		</QueryClientProvider>
	);
}

export function HydrateFallback() {
	return <FullPageSpinner />;
}
