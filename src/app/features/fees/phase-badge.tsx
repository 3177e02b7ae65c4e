import { Badge } from '@mantine/core';
import { PHASES, type Phase } from './fee-form.ts';
import { useT } from '../../lib/i18n.ts';

/** 未开始 / 生效中 / 已结束 / 已停用 of a versioned setting. */
export function PhaseBadge({ phase }: { phase: Phase }) {
  const t = useT();
  const p = PHASES[phase];
  return <Badge variant="light" color={p.color} radius="sm">{t(p.label)}</Badge>;
}
