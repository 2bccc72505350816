// No imports on purpose: enumerations only, light enough for any page.

/** What a service request asks for: customers choose the first three, the owner lists all. */
export const REQUEST_TYPES = [
	"Fix",
	"ChangeColor",
	"MoreLights",
	"Takedown",
	"Installation",
	"Maintenance",
] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** The types a customer may ask for; the others only the owner adds. */
export const CUSTOMER_REQUEST_TYPES = ["Fix", "ChangeColor", "MoreLights"] as const;
export type CustomerRequestType = (typeof CUSTOMER_REQUEST_TYPES)[number];

export const REQUEST_TYPE_LABELS = {
	Fix: "Fix",
	ChangeColor: "Change Colors",
	MoreLights: "More Lights",
	Takedown: "Takedown",
	Installation: "Installation",
	Maintenance: "Maintenance",
} as const satisfies Record<RequestType, string>;

export const REQUEST_PRIORITIES = ["Normal", "Urgent"] as const;
export type RequestPriority = (typeof REQUEST_PRIORITIES)[number];

export const REQUEST_STATUSES = ["open", "in_progress", "resolved", "cancelled"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** The statuses the owner's list shows (SPEC's "pending") and the Home card calls Active. */
export const OPEN_REQUEST_STATUSES = ["open", "in_progress"] as const;

/** The customer's badges. */
export const REQUEST_STATUS_LABELS = {
	open: "Open",
	in_progress: "In Progress",
	resolved: "Resolved",
	cancelled: "Cancelled",
} as const satisfies Record<RequestStatus, string>;

/** Colour schemes of a Change Colors request; Custom asks what the customer wants. */
export const COLOR_SCHEMES = [
	"Warm White",
	"Cool White",
	"Red & White",
	"Multicolor",
	"Custom",
] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

export const MAX_REQUEST_PHOTOS = 6;
export const MAX_REQUEST_DETAILS = 2000;
export const MAX_CUSTOM_COLORS = 300;

export const REQUEST_MESSAGES = {
	submitted: "Request submitted",
	submitFailed: "Failed to submit request",
	completed: "Request marked as completed",
	cancelled: "Request cancelled",
	updated: "Request updated",
	loadFailed: "Failed to load service requests",
	updateFailed: "Failed to update request",
	empty: "No service requests found",
	notFound: "Service request not found",
	colorRequired: "Please choose a color scheme",
	describeProblem: "Please describe the problem",
	colorOnlyForChange: "A color scheme goes only with a Change Colors request",
	customRequired: "Please tell us which colors you would like",
	customOnlyForCustom: "Describe colors only with the Custom scheme",
	tooManyPhotos: `You can upload at most ${MAX_REQUEST_PHOTOS} photos`,
	noLogin: "This customer has no login yet, so requests cannot be added for them",
	alreadyClosed: "This request is already resolved or cancelled",
	notOpen: "Only an open request can be started or cancelled by you",
} as const;
