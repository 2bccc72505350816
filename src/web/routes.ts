import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** Page paths; src/shared/routes.ts lists the same ones for the server. */
export default [
	index("routes/public/home.tsx"),
	route("quote", "routes/public/quote.tsx"),
	route("contact", "routes/public/contact.tsx"),
	route("privacy", "routes/public/privacy.tsx"),
	route("terms", "routes/public/terms.tsx"),
	route("refunds", "routes/public/refunds.tsx"),
	route("offline", "routes/public/offline.tsx"),
	route("auth", "routes/public/auth.tsx"),
	route("auth/reset-password", "routes/public/reset-password.tsx"),
	route("auth/confirm-email", "routes/public/confirm-email.tsx"),
	route("app-home", "routes/public/app-home.tsx"),
	layout("routes/app/layout.tsx", [
		route("app", "routes/app/home.tsx"),
		route("app/payments", "routes/app/payments.tsx"),
		route("app/payments/checkout/:billId", "routes/app/checkout.tsx"),
		route("app/requests", "routes/app/requests.tsx"),
		route("app/profile", "routes/app/profile.tsx"),
		route("app/quote-request", "routes/app/quote-request.tsx"),
		route("app/booking", "routes/app/booking.tsx"),
	]),
	layout("routes/owner/layout.tsx", [
		route("owner", "routes/owner/dashboard.tsx"),
		route("owner/chat", "routes/owner/chat.tsx"),
		route("owner/quotes", "routes/owner/quotes.tsx"),
		route("owner/requests", "routes/owner/requests.tsx"),
		route("owner/settings", "routes/owner/settings.tsx"),
		route("owner/schedule", "routes/owner/schedule.tsx"),
		route("owner/customer/:id", "routes/owner/customer.tsx"),
		route("owner/scan", "routes/owner/scan.tsx"),
	]),
	route("owner/customer/:id/labels", "routes/owner/labels.tsx"),
	layout("routes/crew/layout.tsx", [
		route("crew", "routes/crew/days.tsx"),
		route("crew/day/:date", "routes/crew/day.tsx"),
		route("crew/scan", "routes/crew/scan.tsx"),
		route("bins/:code", "routes/crew/bin.tsx"),
	]),
	route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
