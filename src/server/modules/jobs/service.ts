// ScheduledJob (staff): each job's last and next run for the caller's tenant, and "run now".
import { scheduledJob, type ScheduledJobDto } from '#shared/contracts/stock-out.ts';
import { implement } from '../../framework.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import { JOBS, jobByName, nextRunTime, runJobForTenant, scheduleText, type ScheduledJobDef } from './scheduler.ts';

function toDto(job: ScheduledJobDef, state: repo.JobStateRow | undefined, now: Date): ScheduledJobDto {
  return {
    name: job.name, title: job.title, schedule: scheduleText(job),
    lastRunTime: state?.lastRunTime?.toISOString() ?? null, lastDay: state?.lastDay ?? null,
    lastResult: state?.lastResult ?? null, lastError: state?.lastError ?? null,
    nextRunTime: nextRunTime(job, state?.lastDay ?? null, now).toISOString(),
  };
}

export const scheduledJobService = implement(scheduledJob, () => ({
  async getList(_input, ctx) {
    const states = new Map((await repo.jobStates(ctx.db)).map((s) => [s.name, s]));
    return { items: JOBS.map((job) => toDto(job, states.get(job.name), ctx.now)) };
  },

  async runNow(input, ctx) {
    const job = jobByName(input.name);
    if (!job) throw notFound('定时任务');
    return toDto(job, await runJobForTenant(ctx.db, job, ctx.now), ctx.now);
  },
}));
