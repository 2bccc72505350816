import { and, eq, lte, sql } from "drizzle-orm";
import type { Deps } from "../../app-env.ts";
import { jobSchedules } from "../../db/schema.ts";

/** A periodic job: what it does as of an instant, and when it is due again after a run. */
export interface Job {
	name: string;
	/** The next run after one at `now`. */
	next(now: Date): Date;
	run(asOf: Date): Promise<unknown>;
}

type SchedulerDeps = Pick<Deps, "db" | "logger" | "clock">;

/**
 * Runs each job that is due at `now`, once whatever the number of instances: the job's row is
 * moved to its next run by a compare-and-set, and only the instance whose update found the row
 * still due runs it. A job that fails is tried again at its next run. Answers the jobs run here.
 */
export async function runDueJobs(deps: SchedulerDeps, jobs: Job[], now: Date) {
	const ran: string[] = [];
	for (const job of jobs) {
		// A new job is due at once.
		await deps.db
			.insert(jobSchedules)
			.values({ name: job.name, nextRunAt: now })
			.onConflictDoNothing({ target: jobSchedules.name });
		const [claimed] = await deps.db
			.update(jobSchedules)
			.set({ nextRunAt: job.next(now), lastRunAt: now })
			.where(and(eq(jobSchedules.name, job.name), lte(jobSchedules.nextRunAt, now)))
			.returning({ name: jobSchedules.name });
		if (!claimed) continue;
		ran.push(job.name);
		try {
			await job.run(now);
			await deps.db
				.update(jobSchedules)
				.set({ lastOkAt: sql`now()`, lastError: null })
				.where(eq(jobSchedules.name, job.name));
		} catch (error) {
			deps.logger.error({ err: error, job: job.name }, "scheduled job failed");
			await deps.db
				.update(jobSchedules)
				.set({ lastError: String(error).slice(0, 500) })
				.where(eq(jobSchedules.name, job.name))
				.catch(() => {});
		}
	}
	return ran;
}

/** Ticks the jobs on this instance now and every `tickMs`, as of the app's clock. */
export function startScheduler(deps: SchedulerDeps, jobs: Job[], tickMs: number) {
	let running: Promise<unknown> = Promise.resolve();
	const tick = () => {
		running = running
			.then(() => runDueJobs(deps, jobs, deps.clock.now()))
			.catch((error) => deps.logger.error({ err: error }, "scheduler tick failed"));
	};
	const timer = setInterval(tick, tickMs);
	timer.unref();
	tick();
	return {
		async stop() {
			clearInterval(timer);
			await running;
		},
	};
}

/** Every `ms` after the run. */
export const every = (ms: number) => (now: Date) => new Date(now.getTime() + ms);
