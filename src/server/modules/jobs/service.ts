// ScheduledJob (staff): each job's last and next run for the caller's tenant, and "run now".
import { scheduledJob, type ScheduledJobDto } from '#shared/contracts/stock-out.ts';
import { implement, type Language } from '../../framework.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import { JOBS, jobByName, jobTitle, nextRunTime, resultText, runJobForTenant, scheduleText, type ScheduledJobDef } from './scheduler.ts';

/** The title, schedule and last result in the caller's language (the last error stays as it was raised). */
function toDto(job: ScheduledJobDef, state: repo.JobStateRow | undefined, now: Date, language: Language): ScheduledJobDto {
  return {
    name: job.name, title: jobTitle(job, language), schedule: scheduleText(job, language),
    lastRunTime: state?.lastRunTime?.toISOString() ?? null, lastDay: state?.lastDay ?? null,
    lastResult: state?.lastResult == null ? null : resultText(state.lastResult, language), lastError: state?.lastError ?? null,
    nextRunTime: nextRunTime(job, state?.lastDay ?? null, now).toISOString(),
  };
}

export const scheduledJobService = implement(scheduledJob, () => ({
  async getList(_input, ctx) {
    const states = new Map((await repo.jobStates(ctx.db)).map((s) => [s.name, s]));
    return { items: JOBS.map((job) => toDto(job, states.get(job.name), ctx.now, ctx.language)) };
  },

  async runNow(input, ctx) {
    const job = jobByName(input.name);
    if (!job) throw notFound('定时任务');
    return toDto(job, await runJobForTenant(ctx.db, job, ctx.now), ctx.now, ctx.language);
  },
}));
