import { describe, expect, it } from 'vitest';
import { createXlsxStream, DownloadAborted } from './xlsx.ts';

describe('createXlsxStream', () => {
  it('stops waiting for a reader that went away (the export would otherwise hold its transaction)', async () => {
    const xlsx = createXlsxStream<{ text: string }>('t', [{ header: 'text', value: (r) => r.text }]);
    // Nobody reads and the stream is full, as when the client stopped reading.
    xlsx.stream.write(Buffer.alloc(64 * 1024));
    expect(xlsx.stream.writableNeedDrain).toBe(true);
    const waiting = xlsx.write([{ text: 'a' }]);
    const settled = await Promise.race([waiting.then(() => true, () => true), new Promise<boolean>((r) => setTimeout(() => r(false), 50))]);
    expect(settled).toBe(false);
    xlsx.stream.destroy();
    await expect(waiting).rejects.toBeInstanceOf(DownloadAborted);
    await expect(xlsx.write([{ text: 'b' }])).rejects.toBeInstanceOf(DownloadAborted);
  });
});
