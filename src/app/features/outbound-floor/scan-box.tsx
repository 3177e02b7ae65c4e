// The outbound floor screens' verdict (交接扫描, 拣货打包): the last answer, large, in colour, read out
// (role="status"). Their scan box is the floor's one ScanField.
import type { MantineColor } from '@mantine/core';
import { kit } from '../../components/kit/kit.tsx';
import { verdictInk } from '../../components/verdict-tone.ts';

export interface Verdict { color: MantineColor; kind: string; title: string; hint?: string | undefined; code?: string | undefined }

export function VerdictCard({ verdict, testId }: { verdict: Verdict | null; testId: string }) {
  if (!verdict) return null;
  return (
    <div className={kit.card} data-testid={testId} data-verdict={verdict.kind} role="status" aria-live="assertive"
      style={{ padding: 'var(--mantine-spacing-md)', background: `var(--mantine-color-${verdict.color}-1)`, borderColor: `var(--mantine-color-${verdict.color}-5)` }}>
      {verdict.code && <div className={kit.mono} style={{ fontSize: 'var(--mantine-font-size-lg)', fontWeight: 600 }} data-testid={`${testId}-code`}>{verdict.code}</div>}
      <div style={{ fontWeight: 800, fontSize: 'var(--mantine-font-size-xl)', color: verdictInk(verdict.color) }}>{verdict.title}</div>
      {verdict.hint && <div className={kit.small}>{verdict.hint}</div>}
    </div>
  );
}
