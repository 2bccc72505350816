import { z } from "./zod.ts";

/**
 * The customer's season, in order. Stored is listed for a customer whose lights the business
 * keeps (they have bins); Next season comes with renewals.
 */
export const TIMELINE_STEPS = [
	"quote_approved",
	"contract_signed",
	"deposit_paid",
	"install_booked",
	"installed",
	"in_season",
	"takedown_booked",
	"taken_down",
	"stored",
] as const;
type TimelineStep = (typeof TIMELINE_STEPS)[number];

const TIMELINE_LABELS = {
	quote_approved: "Quote approved",
	contract_signed: "Contract signed",
	deposit_paid: "Deposit paid",
	install_booked: "Install booked",
	installed: "Installed",
	in_season: "In season",
	takedown_booked: "Takedown booked",
	taken_down: "Taken down",
	stored: "Stored",
} as const satisfies Record<TimelineStep, string>;

const TIMELINE_ACTIONS = [
	"request_quote",
	"sign",
	"pay_deposit",
	"book_install",
	"report_issue",
	"book_takedown",
] as const;
type TimelineAction = (typeof TIMELINE_ACTIONS)[number];

const TIMELINE_ACTION_LABELS = {
	request_quote: "Request a Quote",
	sign: "Sign Contract",
	pay_deposit: "Pay Deposit",
	book_install: "Book Install Day",
	report_issue: "Report Light Out / Issue",
	book_takedown: "Book Takedown",
} as const satisfies Record<TimelineAction, string>;

/** A booking as the timeline reads it: its business date and status. */
interface BookingFact {
	day: string;
	status: "held" | "booked" | "needs_new_day" | "done" | "cancelled" | "expired";
}

/** The records a season's timeline is derived from; nothing here is a stored status. */
export interface SeasonFacts {
	/** When the season's quote was approved (ISO instant), null without one. */
	quoteApprovedAt: string | null;
	/** Whether a quote is waiting for a decision (pending or revised). */
	quoteWaiting: boolean;
	contractSignedAt: string | null;
	/** The install booking's deposit bill: null when it has none. */
	deposit: { billId: string; paidAt: string | null } | null;
	install: BookingFact | null;
	takedown: BookingFact | null;
	/** The owner's milestones (SPEC's flags), which also mark an install or takedown done. */
	installCompleted: boolean;
	takedownCompleted: boolean;
	installPhotoIds: string[];
	/** Today and the first day of the season's takedown window (business dates): from then on the
	 * season's maintenance is over and the takedown is the next thing to book. */
	today: string;
	takedownFrom: string | null;
	/** The customer's bins in the warehouse (none: the Stored step is not listed). Location names
	 * only: no shelves, no staff. */
	storage: { bins: number; stored: number; locations: string[] } | null;
}

const timelineEntrySchema = z.object({
	step: z.enum(TIMELINE_STEPS),
	label: z.string(),
	state: z.enum(["done", "current", "upcoming"]),
	/** When it happened (an ISO instant) or its business date (YYYY-MM-DD); null when unknown. */
	at: z.string().nullable(),
	/** A business date the step is planned for (a booked day), while it is ahead. */
	planned: z.string().nullable(),
	action: z
		.object({ kind: z.enum(TIMELINE_ACTIONS), label: z.string(), billId: z.string().nullable() })
		.nullable(),
	photoIds: z.array(z.string()),
	/** A sentence for a done step that says more (Stored: how many bins, where). */
	detail: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const seasonTimelineSchema = z.object({
	seasonId: z.string(),
	steps: z.array(timelineEntrySchema),
});
export type SeasonTimeline = z.infer<typeof seasonTimelineSchema>;

const taking = (b: BookingFact | null) =>
	b && (b.status === "booked" || b.status === "done") ? b : null;

/**
 * Each step from the records: done ones carry their date, the first one not done is current and
 * carries its one next action, the rest are upcoming.
 */
export function seasonTimeline(seasonId: string, f: SeasonFacts): SeasonTimeline {
	const install = taking(f.install);
	const takedown = taking(f.takedown);
	const installed = f.install?.status === "done" || f.installCompleted;
	const takenDown = f.takedown?.status === "done" || f.takedownCompleted;
	const takedownBooked = Boolean(takedown) || takenDown;
	// Paid, or a day booked without a deposit (none asked), or the lights already up.
	const depositDone = Boolean(f.deposit?.paidAt) || (Boolean(install) && !f.deposit) || installed;

	const facts: Record<TimelineStep, { done: boolean; at: string | null; planned?: string }> = {
		quote_approved: { done: Boolean(f.quoteApprovedAt), at: f.quoteApprovedAt },
		contract_signed: { done: Boolean(f.contractSignedAt), at: f.contractSignedAt },
		deposit_paid: { done: depositDone, at: f.deposit?.paidAt ?? null },
		install_booked: {
			done: Boolean(install) || installed,
			at: install?.day ?? null,
		},
		installed: {
			done: installed,
			at: f.install?.status === "done" ? f.install.day : null,
			planned: install?.day,
		},
		in_season: {
			done: takedownBooked || (installed && f.takedownFrom !== null && f.today >= f.takedownFrom),
			at: null,
		},
		takedown_booked: { done: takedownBooked, at: takedown?.day ?? null },
		taken_down: {
			done: takenDown,
			at: f.takedown?.status === "done" ? f.takedown.day : null,
			planned: takedown?.day,
		},
		stored: {
			done: takenDown && f.storage !== null && f.storage.stored === f.storage.bins,
			at: null,
		},
	};
	const stored = f.storage;
	const storedDetail = stored
		? `Your lights are stored safely: ${stored.bins === 1 ? "1 bin" : `${stored.bins} bins`}${
				stored.locations.length > 0 ? `, ${stored.locations.join(", ")}` : ""
			}`
		: null;

	const current = TIMELINE_STEPS.find((s) => !facts[s].done);
	const heldDeposit =
		f.install?.status === "held" && f.deposit && !f.deposit.paidAt ? f.deposit.billId : null;
	const actionOf = (step: TimelineStep): TimelineEntry["action"] => {
		const kind = ((): TimelineAction | null => {
			switch (step) {
				case "quote_approved":
					return f.quoteWaiting ? null : "request_quote";
				case "contract_signed":
					return "sign";
				case "deposit_paid":
					return heldDeposit ? "pay_deposit" : "book_install";
				case "install_booked":
					return "book_install";
				case "in_season":
					return "report_issue";
				case "takedown_booked":
					return "book_takedown";
				default:
					return null;
			}
		})();
		if (!kind) return null;
		return {
			kind,
			label: TIMELINE_ACTION_LABELS[kind],
			billId: kind === "pay_deposit" ? heldDeposit : null,
		};
	};

	return {
		seasonId,
		steps: TIMELINE_STEPS.filter((step) => step !== "stored" || stored !== null).map((step) => {
			const fact = facts[step];
			const state = fact.done ? "done" : step === current ? "current" : "upcoming";
			return {
				step,
				label: TIMELINE_LABELS[step],
				state,
				at: fact.done ? fact.at : null,
				planned: fact.done ? null : (fact.planned ?? null),
				action: state === "current" ? actionOf(step) : null,
				photoIds: step === "installed" && installed ? f.installPhotoIds : [],
				detail: step === "stored" && state === "done" ? storedDetail : null,
			};
		}),
	};
}
