import type { SessionUser } from "../shared/auth.ts";
import type { Database } from "./db/database.ts";
import type { Env } from "./env.ts";
import type { Auth } from "./features/auth/auth.ts";
import type { Mailer } from "./features/email/email.service.ts";
import type { Logger } from "./lib/logger.ts";

/** What every request handler can reach: built once by createApp. */
export interface Deps {
	db: Database;
	env: Env;
	auth: Auth;
	mailer: Mailer;
	logger: Logger;
}

export type AppEnv = {
	Variables: {
		deps: Deps;
		user: SessionUser;
		requestId: string;
	};
};
