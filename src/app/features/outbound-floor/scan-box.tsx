// The outbound floor screens' scan box and verdict (交接扫描, 拣货打包): a wedge scanner or the phone's
// keyboard types into the always-focused box; the last answer shows large, in colour.
import { useRef, useState } from 'react';
import { Paper, Text, TextInput, type MantineColor } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { primeFeedback, readWedgeSettings, useScanInput } from '../../lib/scanner/index.ts';
import { KeyboardToggle } from '../../components/scanner/keyboard-toggle.tsx';

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
      <TextInput
        {...box.inputProps} onChange={(e) => box.setValue(e.currentTarget.value.toUpperCase())}
        label={label} placeholder={placeholder} size="xl" disabled={disabled}
        leftSection={<IconBarcode size={28} />} leftSectionWidth={56} data-testid={testId} maxLength={64}
        inputMode={typing ? 'text' : 'none'} rightSectionWidth={56} rightSectionPointerEvents="all"
        rightSection={<KeyboardToggle on={typing} onToggle={() => { setTyping((on) => !on); requestAnimationFrame(box.focus); }} />}
      />
    </div>
  );
}

export function VerdictCard({ verdict, testId }: { verdict: Verdict | null; testId: string }) {
  if (!verdict) return null;
  return (
    <Paper radius="md" p="md" bg={`${verdict.color}.1`} withBorder data-testid={testId} data-verdict={verdict.kind} style={{ borderColor: `var(--mantine-color-${verdict.color}-5)` }}>
      {verdict.code && <Text ff="monospace" size="lg" fw={600} data-testid={`${testId}-code`}>{verdict.code}</Text>}
      <Text fw={800} size="xl" c={`${verdict.color}.8`}>{verdict.title}</Text>
      {verdict.hint && <Text size="sm">{verdict.hint}</Text>}
    </Paper>
  );
}
