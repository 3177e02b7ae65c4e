// Scheduled jobs inside the server process (issue 14 §6, decision 0027). Each job works by day (the
// tenant's time zone): once a day, after its hour, it runs every day since the last one it completed,
// so days missed while the server was down are caught up. Days are idempotent (the job's own unique
// keys), a tick on several servers runs the job once (an advisory lock), and staff see the last and
// next run and may run a job now (ScheduledJob/RunNow).
import { translate, type LanguageName } from '#shared/i18n/index.ts';
import type { Database, Db } from '../../db/client.ts';
import { TIME_ZONE } from '../platform/trade-no.ts';
import { addDays, dayOf, runStorageFeeDay, ZONE_OFFSET } from '../storage-fees/daily.ts';
import * as repo from './repository.ts';

export interface ScheduledJobDef {
  name: string;
  title: string;
  /** Minutes after midnight (tenant time zone) from which the previous day is due. */
  atMinute: number;
  /** Runs one day for the transaction's tenant; idempotent. Returns a short summary. */
  runDay(tx: Db, day: string, now: Date): Promise<string>;
}

export const JOBS: readonly ScheduledJobDef[] = [
  {
    name: 'storageFee', title: '仓储费日结', atMinute: 10,
    async runDay(tx, day, now) {
      const r = await runStorageFeeDay(tx, day, now);
      return fill(DAY_RESULT, day, String(r.posted), r.amount.toFixed(2));
    },
  },
];

/** The most days one run catches up (a server down for longer needs a manual StorageFee/RunDaily). */
export const MAX_CATCH_UP_DAYS = 31;

export const jobByName = (name: string) => JOBS.find((j) => j.name === name);

// The job's texts are kept in Chinese (lastResult is stored so) and put in the caller's language when
// read (the keys are texts of the Warehouse source, i18n/en-server.ts).
const SCHEDULE = '每天 {0}（{1}）结算前一天';
const DAY_RESULT = '{0}：{1} 笔，共 {2} 积分';
const NOTHING_DUE = '没有待结算的日期';
const RESULT_SEPARATOR = '；';
const DAY_RESULT_PATTERN = /^(\d{4}-\d{2}-\d{2})：(\d+) 笔，共 (-?\d+(?:\.\d+)?) 积分$/;

const fill = (template: string, ...args: string[]) => template.replace(/\{(\d)\}/g, (_, i: string) => args[Number(i)] ?? '');

export const scheduleText = (job: ScheduledJobDef, language: LanguageName = 'zh-Hans') =>
  fill(translate(language, SCHEDULE), `${String(Math.floor(job.atMinute / 60)).padStart(2, '0')}:${String(job.atMinute % 60).padStart(2, '0')}`, TIME_ZONE);

export const jobTitle = (job: ScheduledJobDef, language: LanguageName) => translate(language, job.title);

/** A stored result in the caller's language: each day's summary and "nothing due"; anything else as it is. */
export function resultText(result: string, language: LanguageName): string {
  if (language === 'zh-Hans') return result;
  return result.split(RESULT_SEPARATOR).map((part) => {
    if (part === NOTHING_DUE) return translate(language, NOTHING_DUE);
    const m = DAY_RESULT_PATTERN.exec(part);
    return m ? fill(translate(language, DAY_RESULT), m[1]!, m[2]!, m[3]!) : part;
  }).join('; ');
}

/** Minutes since midnight in the time zone. */
function minuteOfDay(now: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  return Number(parts.find((p) => p.type === 'hour')!.value) * 60 + Number(parts.find((p) => p.type === 'minute')!.value);
}

/** The last day the job may settle at `now`: yesterday once past its minute, else the day before. */
export function dueDay(job: ScheduledJobDef, now: Date): string {
  return addDays(dayOf(now), minuteOfDay(now) >= job.atMinute ? -1 : -2);
}

/** When the job next runs (its minute on the next day not yet settled). */
export function nextRunTime(job: ScheduledJobDef, lastDay: string | null, now: Date): Date {
  const due = dueDay(job, now);
  if (lastDay === null || lastDay < due) return now; // overdue: the next tick runs it
  // The day after `due` is settled from its following day at atMinute; find that instant.
  return new Date(Date.parse(`${addDays(due, 2)}T00:00:00${ZONE_OFFSET}`) + job.atMinute * 60_000);
}

/** The days to run now: after the last completed one up to the due day, at most MAX_CATCH_UP_DAYS. */
export function daysToRun(job: ScheduledJobDef, lastDay: string | null, now: Date): string[] {
  const due = dueDay(job, now);
  let from = lastDay === null ? due : addDays(lastDay, 1);
  const earliest = addDays(due, -(MAX_CATCH_UP_DAYS - 1));
  if (from < earliest) from = earliest;
  const days: string[] = [];
  for (let d = from; d <= due; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Runs the job's due days for the transaction's tenant and records the outcome. */
export async function runJobForTenant(tx: Db, job: ScheduledJobDef, now: Date): Promise<repo.JobStateRow> {
  const state = await repo.jobState(tx, job.name);
  const days = daysToRun(job, state?.lastDay ?? null, now);
  const results: string[] = [];
  for (const day of days) results.push(await job.runDay(tx, day, now));
  await repo.saveJobState(tx, job.name, {
    lastRunTime: now, lastDay: days.at(-1) ?? state?.lastDay ?? null, lastError: null,
    lastResult: results.length ? results.join(RESULT_SEPARATOR) : state?.lastResult ?? NOTHING_DUE,
  });
  return (await repo.jobState(tx, job.name))!;
}

type Log = { warn(o: object, m: string): void; info(o: object, m: string): void };

/** Told of every run of a job for one tenant, and whether it failed (GET /metrics counts them). */
export type JobRuns = (job: string, failed: boolean) => void;

/** One tick: every job, every tenant, each tenant in its own transaction; one server runs a job at a time. */
export async function runDueJobs(database: Database, log: Log, now = new Date(), ran: JobRuns = () => {}): Promise<void> {
  for (const job of JOBS) {
    const work = async () => {
      for (const tenantId of await repo.activeTenantIds(database.root)) {
        try {
          await database.withTenant(tenantId, (tx) => runJobForTenant(tx, job, now));
          ran(job.name, false);
        } catch (err) {
          ran(job.name, true);
          log.warn({ err, job: job.name, tenantId }, 'scheduled job failed');
          await database.withTenant(tenantId, (tx) => repo.saveJobState(tx, job.name, { lastRunTime: now, lastError: String((err as Error).message ?? err).slice(0, 500) }))
            .catch(() => {});
        }
      }
    };
    if (database.kind === 'postgres') {
      // The lock lives as long as this transaction; the tenants' transactions run on other connections.
      await database.root.transaction(async (lockTx) => {
        if (await repo.tryJobLock(lockTx as unknown as Db, job.name)) await work();
      });
    } else {
      // PGlite belongs to one process (its lock file): there is no other server to exclude.
      await work();
    }
  }
}

/** Ticks every `everyMs` (first tick soon after start, to catch up); stop() on close. */
export function startScheduler(database: Database, log: Log, ran?: JobRuns, everyMs = 5 * 60_000): { stop(): void } {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runDueJobs(database, log, new Date(), ran).catch((err: unknown) => log.warn({ err }, 'scheduler tick failed'))
      .finally(() => { running = null; });
  };
  const first = setTimeout(tick, 15_000);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return { stop: () => { clearTimeout(first); clearInterval(timer); } };
}
