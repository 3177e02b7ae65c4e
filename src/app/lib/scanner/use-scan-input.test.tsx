import { describe, expect, it, vi } from 'vitest';
import { useRef, useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useScanInput } from './use-scan-input.ts';

// jsdom re-renders slowly between keys, so "fast" here is a generous 300 ms.
const GAP = 300;

function Station({ onScan }: { onScan: (code: string, source: string) => void }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const [note, setNote] = useState('');
  const scan = useScanInput({ onScan: (code, source) => onScan(`${code}|${note}`, source), containerRef: ref, maxGapMs: GAP });
  return (
    <div ref={ref}>
      <input aria-label="scan" {...scan.inputProps} />
      <input aria-label="note" value={note} onChange={(e) => setNote(e.currentTarget.value)} />
      <button type="button">elsewhere</button>
      <p>text</p>
    </div>
  );
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('useScanInput', () => {
  it('Enter in the box hands over the trimmed, upper-cased code; short reads are ignored', async () => {
    const onScan = vi.fn();
    render(<Station onScan={onScan} />);
    const box = screen.getByLabelText('scan');
    expect(document.activeElement).toBe(box);
    await userEvent.type(box, 'ab{Enter}');
    expect(onScan).not.toHaveBeenCalled();
    await userEvent.clear(box);
    await userEvent.type(box, ' sf1234 {Enter}');
    expect(onScan).toHaveBeenCalledWith('SF1234|', expect.any(String));
  });

  it('a click elsewhere on the station gives focus back to the box; other fields keep it', async () => {
    render(<Station onScan={() => {}} />);
    const box = screen.getByLabelText('scan');
    await userEvent.click(screen.getByLabelText('note'));
    await pause(10);
    expect(document.activeElement).toBe(screen.getByLabelText('note'));
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    await waitFor(() => expect(document.activeElement).toBe(box));
    (document.activeElement as HTMLElement).blur();
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('a scanner burst into another field is a scan, and the field gets back what it held', async () => {
    const onScan = vi.fn();
    render(<Station onScan={onScan} />);
    const note = screen.getByLabelText('note') as HTMLInputElement;
    await userEvent.type(note, '轻放');
    await pause(GAP + 100);
    await userEvent.type(note, 'yt90001234{Enter}', { skipClick: true });
    await waitFor(() => expect(onScan).toHaveBeenCalledWith('YT90001234|轻放', 'scanner'));
    expect(note.value).toBe('轻放');
    expect(document.activeElement).toBe(screen.getByLabelText('scan'));
  });

  it('a short or non-code burst into another field (a weight typed quickly) stays there', async () => {
    const onScan = vi.fn();
    render(<Station onScan={onScan} />);
    const note = screen.getByLabelText('note') as HTMLInputElement;
    await userEvent.type(note, '1.25{Enter}');
    await pause(10);
    expect(onScan).not.toHaveBeenCalled();
    expect(note.value).toBe('1.25');
  });
});
