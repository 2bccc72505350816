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

export const REQUEST_PRIORITIES = ["Normal", "Urgent"] as const;
export type RequestPriority = (typeof REQUEST_PRIORITIES)[number];

export const REQUEST_STATUSES = ["open", "in_progress", "resolved", "cancelled"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
