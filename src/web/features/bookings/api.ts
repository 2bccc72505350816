/**
 * Query keys of the season calendar. ["bookings"] is the signed-in customer's booking page;
 * ["booking-days", windowId] a window's days; ["schedule", ...] the owner's calendar and days.
 */
export const bookingQueries = {
	mine: ["bookings"] as const,
	days: ["booking-days"] as const,
	owner: ["schedule"] as const,
};
