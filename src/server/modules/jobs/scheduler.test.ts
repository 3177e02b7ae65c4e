import { describe, expect, it } from 'vitest';
import { daysToRun, dueDay, JOBS, jobTitle, MAX_CATCH_UP_DAYS, nextRunTime, resultText, scheduleText, type ScheduledJobDef } from './scheduler.ts';

const job: ScheduledJobDef = { name: 'test', title: '测试', atMinute: 10, runDay: async () => '' };
/** An instant given in Beijing time. */
const at = (local: string) => new Date(`${local}+08:00`);

describe('scheduled days', () => {
  it('settles yesterday once past the job minute, the day before until then', () => {
    expect(dueDay(job, at('2026-11-24T00:09:00'))).toBe('2026-11-22');
    expect(dueDay(job, at('2026-11-24T00:10:00'))).toBe('2026-11-23');
  });

  it('catches up every day after the last completed one, at most MAX_CATCH_UP_DAYS', () => {
    const now = at('2026-11-24T08:00:00');
    expect(daysToRun(job, '2026-11-20', now)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
    expect(daysToRun(job, '2026-11-23', now)).toEqual([]);
    expect(daysToRun(job, null, now)).toEqual(['2026-11-23']);
    const long = daysToRun(job, '2025-01-01', now);
    expect(long).toHaveLength(MAX_CATCH_UP_DAYS);
    expect(long.at(-1)).toBe('2026-11-23');
  });

  it('runs next at once when a day is due, else at the job minute of the day after tomorrow\'s settlement', () => {
    const now = at('2026-11-24T08:00:00');
    expect(nextRunTime(job, '2026-11-22', now)).toEqual(now);
    expect(nextRunTime(job, '2026-11-23', now).toISOString()).toBe(at('2026-11-25T00:10:00').toISOString());
  });
});

describe('the job texts', () => {
  it('keeps the Chinese as it was and puts title, schedule and the stored result in English for English users', () => {
    const storageFee = JOBS[0]!;
    expect(scheduleText(storageFee, 'zh-Hans')).toBe('每天 00:10（Asia/Shanghai）结算前一天');
    expect(scheduleText(storageFee, 'en')).toBe('Daily at 00:10 (Asia/Shanghai), settles the day before');
    expect(jobTitle(storageFee, 'zh-Hans')).toBe('仓储费日结');
    expect(jobTitle(storageFee, 'en')).toBe('Daily storage fees');
    const stored = '2026-11-22：3 笔，共 1.50 积分；2026-11-23：0 笔，共 0.00 积分';
    expect(resultText(stored, 'zh-Hans')).toBe(stored);
    expect(resultText(stored, 'en')).toBe('2026-11-22: 3 charges, 1.50 points; 2026-11-23: 0 charges, 0.00 points');
    expect(resultText('没有待结算的日期', 'en')).toBe('No days due');
    expect(resultText('something else', 'en')).toBe('something else');
  });
});
