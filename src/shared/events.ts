// No imports on purpose: a type only, shared by the server's event bus and the pages' live stream.

/**
 * What just changed, announced once by the service that changed it: a kind and ids, never
 * personal data. Subscribers (the read cache, the e-mail outbox, live pages) decide what it means
 * for them.
 */
export type AppEvent =
	| { kind: "quote.changed"; quoteId: string; userId: string | null }
	| { kind: "bill.changed"; billId: string; userId: string }
	| { kind: "request.changed"; requestId: string; userId: string }
	| { kind: "customer.changed"; userId: string }
	/** A customer record without a login (its account was deleted) changed: the owner's view only. */
	| { kind: "customer.record.changed"; customerId: string }
	| { kind: "profile.changed"; userId: string }
	| { kind: "session.ended"; userId: string }
	| { kind: "lead.created"; leadId: string }
	| { kind: "email.queued" }
	/** Pushes were queued: the push sender delivers them. */
	| { kind: "push.queued" }
	/** The business profile, pricing or payment keys were saved. */
	| { kind: "settings.changed" }
	/** A service option was added, edited, (de)activated, reordered or deleted. */
	| { kind: "catalog.changed" }
	/** A chat message was saved in the conversation of the customer `customerUserId`. */
	| { kind: "chat.message"; messageId: number; customerUserId: string }
	/** One side of that conversation read it: its unread counts changed. */
	| { kind: "chat.read"; customerUserId: string }
	/** A booking was made, moved, paid, cancelled, expired or done; `day` is its day then. */
	| { kind: "booking.changed"; bookingId: string; day: string; userId: string | null }
	/** The owner changed a day's capacity or closed it, or the season's windows or rules. */
	| { kind: "calendar.changed"; day: string | null }
	/**
	 * A bin was added, edited or scanned, or a storage location added or removed; `userId` is the
	 * login of the customer whose bin it is (null for a location, or a customer without one).
	 */
	| { kind: "storage.changed"; userId: string | null }
	/** This instance stopped hearing the others for a while: anything may have changed. */
	| { kind: "events.missed" };
