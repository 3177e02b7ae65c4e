// Bytes and multipart bodies for upload tests.
import { createDeflateRaw, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Caller, Envelope } from './test-app.ts';

// --- bytes made here ---------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** A real 2×2 RGB PNG. */
export function png(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface Part { name?: string; fileName?: string; type?: string; bytes: Buffer | string }

export async function multipart(parts: Part[]): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const p of parts) {
    if (p.fileName === undefined && typeof p.bytes === 'string') form.append(p.name ?? 'file', p.bytes);
    else form.append(p.name ?? 'file', new Blob([typeof p.bytes === 'string' ? p.bytes : new Uint8Array(p.bytes)], { type: p.type ?? 'application/octet-stream' }), p.fileName ?? 'blob');
  }
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

export const authHeaders = (who: Caller): Record<string, string> => ({
  ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
  ...(who.tenantId !== undefined && who.tenantId !== null ? { 'abp.tenantid': String(who.tenantId) } : {}),
});


/** Uploads bytes through POST /api/File/UploadFile and returns the stored file's guid. */
export async function uploadFile(app: FastifyInstance, who: Caller, bytes: Buffer, fileName = 'photo.png'): Promise<string> {
  const { payload, contentType } = await multipart([{ fileName, bytes }]);
  const res = await app.inject({ method: 'POST', url: '/api/File/UploadFile', headers: { ...authHeaders(who), 'content-type': contentType }, payload });
  const body = res.json() as Envelope<{ guid: string }>;
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${JSON.stringify(body.error)}`);
  return body.result.guid;
}

/** The head of a HEIC file (ISO-BMFF ftyp box, brand heic): enough for the server's type check. */
export function heic(): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypheic', 4, 'latin1');
  box.write('mif1heic', 16, 'latin1');
  return Buffer.concat([box, Buffer.alloc(200, 5)]);
}

// --- zip archives written by hand (the import's unpacking checks) ------------------------------

export interface ZipEntry {
  name: string;
  /** The deflated bytes (method 8). */
  data: Buffer;
  /** The uncompressed size the archive declares (it may lie). */
  size: number;
}

/** Deflates `bytes` zero bytes cheaply (zeros compress ~1000:1): one 1 MB chunk written again and again. */
export async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const chunk = Buffer.alloc(1024 * 1024);
  for (let left = bytes; left > 0; left -= chunk.length) {
    if (!deflate.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/** A zip archive of deflated entries whose declared sizes are taken as given (CRCs are left 0). */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
