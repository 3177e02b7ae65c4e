// The backup archive (issue 46 §2, decision 0060): a gzip stream of frames, each a kind byte, a 4-byte
// big-endian length and its payload. A site's copy (site-copy.ts) is a sequence of frames; this file
// only writes them to bytes and reads them back, streaming both ways (nothing whole in memory).
import { createGunzip, createGzip } from 'node:zlib';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';

/** What an archive says about itself, first. */
export interface ArchiveHeader {
  format: 'haicang-backup';
  version: 1;
  createdAt: string;
  /** The database the copy was taken from. */
  database: 'pglite' | 'postgres';
  /** The migrations applied to it: how many and the last one's time (drizzle's created_at, the journal's `when`). */
  migrations: { count: number; last: number };
}

export interface SequenceValue { name: string; lastValue: string; isCalled: boolean }

export type Frame =
  | { kind: 'header'; header: ArchiveHeader }
  /** A table's rows follow, in `rows` frames, until the next table or `tablesEnd`. */
  | { kind: 'table'; name: string; columns: string[] }
  /** Rows as PostgreSQL's own to_jsonb text, one each. */
  | { kind: 'rows'; rows: string[] }
  /** The database part is over: every table's row count and every sequence, as of the snapshot. */
  | { kind: 'tablesEnd'; counts: Record<string, number>; sequences: SequenceValue[] }
  /** A file of DATA_DIR (path relative to it); its bytes follow in `data` frames. */
  | { kind: 'file'; path: string; size: number }
  | { kind: 'data'; bytes: Buffer }
  /** The archive is whole. */
  | { kind: 'end'; files: number; bytes: number };

const CODES = { header: 72, table: 84, rows: 82, tablesEnd: 69, file: 70, data: 68, end: 90 } as const;
const KINDS = new Map<number, Frame['kind']>(Object.entries(CODES).map(([k, v]) => [v, k as Frame['kind']]));

export class ArchiveError extends Error {}

function payloadOf(frame: Frame): Buffer {
  switch (frame.kind) {
    case 'rows': return Buffer.from(frame.rows.join('\n'), 'utf8');
    case 'data': return frame.bytes;
    default: {
      const { kind: _kind, ...rest } = frame;
      return Buffer.from(JSON.stringify(rest), 'utf8');
    }
  }
}

export function encodeFrame(frame: Frame): Buffer[] {
  const payload = payloadOf(frame);
  const head = Buffer.alloc(5);
  head[0] = CODES[frame.kind];
  head.writeUInt32BE(payload.length, 1);
  return [head, payload];
}

function decodeFrame(code: number, payload: Buffer): Frame {
  const kind = KINDS.get(code);
  if (!kind) throw new ArchiveError('The file is not a Haicang backup (an unknown frame).');
  if (kind === 'rows') return { kind, rows: payload.length === 0 ? [] : payload.toString('utf8').split('\n') };
  if (kind === 'data') return { kind, bytes: payload };
  return { kind, ...(JSON.parse(payload.toString('utf8')) as object) } as Frame;
}

/** Writes frames to out through gzip; call end() once, after the last frame. */
export function archiveWriter(out: Writable): { write(frame: Frame): Promise<void>; end(): Promise<void> } {
  const gzip = createGzip({ level: 6 });
  gzip.pipe(out);
  const finished = once(out, 'finish');
  finished.catch(() => {});
  // A reader that goes away (a backup client that disconnects) stops the writer: its next write throws
  // rather than waiting forever for room, so the snapshot's transaction ends.
  out.once('close', () => { if (!out.writableFinished) gzip.destroy(new Error('the backup\'s reader went away')); });
  out.once('error', (err) => gzip.destroy(err));
  return {
    async write(frame) {
      if (gzip.destroyed) throw gzip.errored ?? new Error('the backup\'s reader went away');
      let ok = true;
      for (const part of encodeFrame(frame)) ok = gzip.write(part) && ok;
      if (!ok) await once(gzip, 'drain');
    },
    async end() {
      gzip.end();
      await finished;
    },
  };
}

/** The frames of an archive, read as they come; a file that is not one, or is cut short, throws ArchiveError. */
export async function* readArchive(input: Readable): AsyncGenerator<Frame> {
  const gunzip = createGunzip();
  input.on('error', (err) => gunzip.destroy(err));
  input.pipe(gunzip);
  let pending: Buffer[] = [];
  let held = 0;
  const take = (n: number): Buffer => {
    const all = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = all.length > n ? [all.subarray(n)] : [];
    held = all.length - n;
    return all.subarray(0, n);
  };
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      pending.push(chunk);
      held += chunk.length;
      while (held >= 5) {
        const head = pending[0]!.length >= 5 ? pending[0]! : Buffer.concat(pending);
        const length = head.readUInt32BE(1);
        if (held < 5 + length) break;
        const code = take(5)[0]!;
        yield decodeFrame(code, Buffer.from(take(length)));
      }
    }
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') throw new ArchiveError('The file is not a Haicang backup, or it is damaged (not gzip data).');
    throw err;
  }
  if (held > 0) throw new ArchiveError('The backup is cut short (it ends inside a frame).');
}
