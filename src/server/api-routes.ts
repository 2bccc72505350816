import type { OwnerEnv, SignedInEnv } from "./app-env.ts";
import { requireCrew, requireOwner } from "./features/auth/auth.middleware.ts";
import * as auth from "./features/auth/auth.routes.ts";
import * as automations from "./features/automations/automations.routes.ts";
import * as bills from "./features/bills/bills.routes.ts";
import * as bookings from "./features/bookings/bookings.routes.ts";
import * as catalog from "./features/catalog/catalog.routes.ts";
import * as chat from "./features/chat/chat.routes.ts";
import * as contracts from "./features/contracts/contracts.routes.ts";
import * as crew from "./features/crew/crew.routes.ts";
import * as customers from "./features/customers/customers.routes.ts";
import * as email from "./features/email/email.routes.ts";
import * as estimate from "./features/estimate/estimate.routes.ts";
import * as files from "./features/files/files.routes.ts";
import * as health from "./features/health/health.routes.ts";
import * as leads from "./features/leads/leads.routes.ts";
import * as live from "./features/live/live.routes.ts";
import * as notifications from "./features/notifications/notifications.routes.ts";
import * as payments from "./features/payments/payments.routes.ts";
import * as quotes from "./features/quotes/quotes.routes.ts";
import * as renewals from "./features/renewals/renewals.routes.ts";
import * as requests from "./features/requests/requests.routes.ts";
import * as settings from "./features/settings/settings.routes.ts";
import * as storage from "./features/storage/storage.routes.ts";
import { createRouter } from "./lib/router.ts";

/**
 * Every operation of /api, by who may call it:
 * - public: anyone (each feature's `publicRoutes`);
 * - customer: any signed-in account, the customer app's data (`customerRoutes`): each route
 *   declares `middleware: signedIn()`, and only then does its handler's type offer `c.var.user`
 *   (tests/api/access.test.ts checks every operation not listed as public answers 401 anonymously);
 * - owner: everything under /api/owner (`ownerRoutes`), mounted once behind `requireOwner`;
 * - crew: the crews' day under /api/crew, behind `requireCrew` (a crew member or an owner). A crew
 *   account is refused every customer route by `signedIn()` as well.
 * Services take that user as their `actor` and check what it may reach.
 */
const ownerGuarded = createRouter<OwnerEnv>();
// The guard is registered first, on its own: chained, `use` returns hono's base type, whose `route`
// joins schemas into a union with `{}`, and once mounted at /owner that union lost every owner
// operation from ApiRoutes (the web's typed client could not call them).
ownerGuarded.use("*", requireOwner);
const ownerApi = ownerGuarded
	.route("/", quotes.ownerRoutes)
	.route("/", customers.ownerRoutes)
	.route("/", auth.ownerRoutes)
	.route("/", email.ownerRoutes)
	.route("/", requests.ownerRoutes)
	.route("/", settings.ownerRoutes)
	.route("/", catalog.ownerRoutes)
	.route("/", chat.ownerRoutes)
	.route("/", bills.ownerRoutes)
	.route("/", payments.ownerRoutes)
	.route("/", bookings.ownerRoutes)
	.route("/", crew.ownerRoutes)
	.route("/", automations.ownerRoutes)
	.route("/", contracts.ownerRoutes)
	.route("/", renewals.ownerRoutes)
	.route("/", storage.ownerRoutes);

const crewGuarded = createRouter<SignedInEnv>();
crewGuarded.use("*", requireCrew);
const crewApi = crewGuarded.route("/", crew.crewRoutes).route("/", storage.crewRoutes);

export const apiRoutes = createRouter()
	.route("/", health.publicRoutes)
	.route("/", auth.publicRoutes)
	.route("/", catalog.publicRoutes)
	.route("/", settings.publicRoutes)
	.route("/", estimate.publicRoutes)
	.route("/", leads.publicRoutes)
	.route("/", quotes.publicRoutes)
	.route("/", payments.publicRoutes)
	.route("/", notifications.publicRoutes)
	.route("/", auth.customerRoutes)
	.route("/", quotes.customerRoutes)
	.route("/", customers.customerRoutes)
	.route("/", bills.customerRoutes)
	.route("/", payments.customerRoutes)
	.route("/", files.customerRoutes)
	.route("/", requests.customerRoutes)
	.route("/", chat.customerRoutes)
	.route("/", bookings.customerRoutes)
	.route("/", contracts.customerRoutes)
	.route("/", renewals.customerRoutes)
	.route("/", live.customerRoutes)
	.route("/", notifications.customerRoutes)
	.route("/", storage.customerRoutes)
	.route("/crew", crewApi)
	.route("/owner", ownerApi);

/** The API's type, for the web's typed client (src/web/lib/api-client.ts). */
export type ApiRoutes = typeof apiRoutes;
