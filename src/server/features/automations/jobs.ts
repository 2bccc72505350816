import type { Deps } from "../../app-env.ts";
import { sweepOrphanFiles } from "../files/orphan-sweep.service.ts";
import { billPlans } from "../payments/plan.service.ts";
import { sendDueReminders } from "./reminders.service.ts";
import { every, type Job } from "./scheduler.ts";

/** How often the reminder sweep looks for what is due. */
const REMINDER_SWEEP_MS = 15 * 60_000;

/** The business's periodic jobs, each run once per tick across the instances. */
export function scheduledJobs(deps: Deps): Job[] {
	const jobs: Job[] = [
		{
			name: "reminders",
			next: every(REMINDER_SWEEP_MS),
			run: (asOf) => sendDueReminders(deps, asOf),
		},
	];
	if (deps.env.PLAN_BILLING_INTERVAL_MS > 0)
		jobs.push({
			name: "plan_billing",
			next: every(deps.env.PLAN_BILLING_INTERVAL_MS),
			run: (asOf) => billPlans({ deps, now: asOf }),
		});
	if (deps.env.FILE_SWEEP_INTERVAL_MS > 0)
		jobs.push({
			name: "file_sweep",
			next: every(deps.env.FILE_SWEEP_INTERVAL_MS),
			run: (asOf) => sweepOrphanFiles({ deps, now: asOf }),
		});
	return jobs;
}
