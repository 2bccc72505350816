// `npm run db:migrate`: applies the committed migrations (the server also does this at start-up).
import { openDatabase } from "../src/server/db/database.ts";
import { parseEnv } from "../src/server/env.ts";

const env = parseEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
console.log(
	`Migrations applied to ${database.kind === "postgres" ? "PostgreSQL" : `PGlite in ${env.DATA_DIR}`}`,
);
await database.close();
