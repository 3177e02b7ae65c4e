// The outbound floor screens' scan box and verdict (交接扫描, 拣货打包): a wedge scanner or the phone's
// keyboard types into the always-focused box; the last answer shows large, in colour.
import { useRef, useState } from 'react';
import type { MantineColor } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { primeFeedback, readWedgeSettings, useScanInput } from '../../lib/scanner/index.ts';
import { KeyboardToggle } from '../../components/scanner/keyboard-toggle.tsx';
import { KitTextInput, kit } from '../../components/kit/kit.tsx';

export interface Verdict { color: MantineColor; kind: string; title: string; hint?: string | undefined; code?: string | undefined }

export function ScanBox({ label, placeholder, onCode, testId = 'scan-input', disabled = false }: {
  label: string; placeholder: string; onCode: (code: string) => void; testId?: string; disabled?: boolean;
}) {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [wedge] = useState(readWedgeSettings);
  const [typing, setTyping] = useState(false);
  const box = useScanInput({
    containerRef, maxGapMs: wedge.maxGapMs, minLength: 1, enabled: !disabled,
    onScan: (code) => { primeFeedback(); box.setValue(''); onCode(code.trim().toUpperCase()); },
  });
  return (
    <div ref={containerRef}>
      <KitTextInput
        {...box.inputProps} onChange={(e) => box.setValue(e.currentTarget.value.toUpperCase())}
        label={label} placeholder={placeholder} size="xl" disabled={disabled}
        leftSection={<IconBarcode size={28} />} sectionWidth={56} data-testid={testId} maxLength={64}
        inputMode={typing ? 'text' : 'none'}
        rightSection={<KeyboardToggle on={typing} onToggle={() => { setTyping((on) => !on); requestAnimationFrame(box.focus); }} />}
      />
    </div>
  );
}

export function VerdictCard({ verdict, testId }: { verdict: Verdict | null; testId: string }) {
  if (!verdict) return null;
  return (
    <div className={kit.card} data-testid={testId} data-verdict={verdict.kind}
      style={{ padding: 'var(--mantine-spacing-md)', background: `var(--mantine-color-${verdict.color}-1)`, borderColor: `var(--mantine-color-${verdict.color}-5)` }}>
      {verdict.code && <div className={kit.mono} style={{ fontSize: 'var(--mantine-font-size-lg)', fontWeight: 600 }} data-testid={`${testId}-code`}>{verdict.code}</div>}
      <div style={{ fontWeight: 800, fontSize: 'var(--mantine-font-size-xl)', color: `var(--mantine-color-${verdict.color}-8)` }}>{verdict.title}</div>
      {verdict.hint && <div className={kit.small}>{verdict.hint}</div>}
    </div>
  );
}
