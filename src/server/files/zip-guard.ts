// Checks an uploaded zip (an xlsx) before anything unpacks it (issue 12 §2): a 4 MB file can
// declare gigabytes, and exceljs (through JSZip) inflates every entry fully in memory. The central
// directory declares each entry's sizes; they are checked against the limits, then every entry is
// inflated once here with its declared size as a hard cap, so a size that lies is caught after at
// most that many bytes. Only then may a parser read the archive.
import { inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  maxEntries: number;
  /** Largest uncompressed entry, in bytes. */
  maxEntryBytes: number;
  /** Largest sum of the uncompressed entries, in bytes. */
  maxTotalBytes: number;
  /** Largest uncompressed/compressed ratio of an entry larger than 1 MB (small entries may squeeze well). */
  maxRatio: number;
}

export type ZipRefusal = 'notZip' | 'tooManyEntries' | 'tooLarge' | 'ratio';

export class ZipRefused extends Error {
  constructor(readonly reason: ZipRefusal, detail: string) {
    super(detail);
    this.name = 'ZipRefused';
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const RATIO_FROM_BYTES = 1024 * 1024;

interface Entry { name: string; method: number; compressed: number; size: number; localOffset: number }

/** The End Of Central Directory record: the last signature in the final 64 KiB + 22 bytes. */
function findEnd(bytes: Buffer): number {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === EOCD) return at;
  }
  throw new ZipRefused('notZip', 'no end of central directory');
}

function centralDirectory(bytes: Buffer, limits: ZipLimits): Entry[] {
  const end = findEnd(bytes);
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  // ZIP64 (0xFFFF entries, 0xFFFFFFFF offsets) is never needed by a spreadsheet of a few MB.
  if (count === 0xffff || offset === 0xffffffff || bytes.readUInt16LE(end + 4) !== 0) throw new ZipRefused('notZip', 'zip64 or multi-disk');
  if (count > limits.maxEntries) throw new ZipRefused('tooManyEntries', `${count} entries`);
  if (offset + size > end) throw new ZipRefused('notZip', 'central directory out of bounds');
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL) throw new ZipRefused('notZip', 'bad central directory record');
    const nameLength = bytes.readUInt16LE(at + 28);
    entries.push({
      method: bytes.readUInt16LE(at + 10),
      compressed: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      localOffset: bytes.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** The compressed bytes of an entry, found through its local header. */
function dataOf(bytes: Buffer, e: Entry): Buffer {
  const at = e.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw new ZipRefused('notZip', `bad local header of ${e.name}`);
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + e.compressed > bytes.length) throw new ZipRefused('notZip', `${e.name} out of bounds`);
  return bytes.subarray(start, start + e.compressed);
}

/**
 * Refuses (ZipRefused) an archive that is not a plain zip, has too many entries, declares too much,
 * squeezes an entry suspiciously hard, or holds an entry that inflates to other than it declares.
 * Memory: at most one entry's declared size (≤ maxEntryBytes) at a time.
 */
export function checkZip(bytes: Buffer, limits: ZipLimits): void {
  const entries = centralDirectory(bytes, limits);
  let total = 0;
  for (const e of entries) {
    if (e.method !== STORED && e.method !== DEFLATED) throw new ZipRefused('notZip', `${e.name}: compression method ${e.method}`);
    if (e.size > limits.maxEntryBytes) throw new ZipRefused('tooLarge', `${e.name}: ${e.size} bytes`);
    total += e.size;
    if (total > limits.maxTotalBytes) throw new ZipRefused('tooLarge', `${total} bytes in all`);
    if (e.size > RATIO_FROM_BYTES && e.size / Math.max(e.compressed, 1) > limits.maxRatio) throw new ZipRefused('ratio', `${e.name}: ${e.size}/${e.compressed}`);
  }
  for (const e of entries) {
    const data = dataOf(bytes, e);
    let actual: number;
    if (e.method === STORED) actual = data.length;
    else {
      try {
        // One byte more than declared is enough to know the declaration lied.
        actual = inflateRawSync(data, { maxOutputLength: e.size + 1 }).length;
      } catch {
        throw new ZipRefused('notZip', `${e.name}: does not inflate to its declared ${e.size} bytes`);
      }
    }
    if (actual !== e.size) throw new ZipRefused('notZip', `${e.name}: ${actual} bytes, ${e.size} declared`);
  }
}
