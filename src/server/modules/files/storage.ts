// Where uploaded bytes live (issue 4 §2). Callers speak in keys ("<tenantId>/<guid>") so the disk
// store below can be swapped for an S3-compatible one without touching them. The metadata (owner,
// name, type, size) is in the files table, not here.
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.ts';

export interface FileStorage {
  /**
   * Stores the bytes under key, replacing nothing half-written: readers see the whole file or
   * none. If body fails (e.g. a size check in the stream errors), nothing is left behind and the
   * stream's error is rethrown.
   */
  put(key: string, body: Readable | Buffer): Promise<{ size: number }>;
  /** The bytes under key, or null when there are none. */
  get(key: string): Promise<Readable | null>;
  /** Removes key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** The key of a tenant's file. */
export const fileKey = (tenantId: number, guid: string): string => `${tenantId}/${guid.toLowerCase()}`;

// Keys are slash-separated segments of safe characters: no "..", no absolute paths, no separators
// of the host OS, so a key can never point outside the root.
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

function assertKey(key: string): void {
  if (!KEY.test(key) || key.length > 512) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
}

async function writeAll(handle: FileHandle, chunk: Buffer): Promise<void> {
  for (let at = 0; at < chunk.length;) {
    const { bytesWritten } = await handle.write(chunk, at, chunk.length - at);
    at += bytesWritten;
  }
}

/** Files under root/<key>, e.g. ${DATA_DIR}/files/<tenantId>/<guid>. */
export function createDiskStorage(root: string): FileStorage {
  const resolve = (key: string): string => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    async put(key, body) {
      const target = resolve(key);
      const dir = path.dirname(target);
      await mkdir(dir, { recursive: true });
      // A temp file in the same directory (same file system), renamed into place once complete
      // and flushed: a crash or a failed upload never leaves a partial file under the key.
      const temp = path.join(dir, `.${path.basename(target)}.${randomUUID()}.tmp`);
      const handle = await open(temp, 'wx', 0o640);
      let size = 0;
      try {
        // Written through the handle itself (a stream made from a FileHandle keeps it referenced
        // until the stream closes, and we still need the handle to fsync before the rename).
        const sink = new Writable({
          write(chunk: Buffer, _enc, done) {
            size += chunk.length;
            writeAll(handle, chunk).then(() => done(), done);
          },
        });
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, sink);
        await handle.sync();
        await handle.close();
        await rename(temp, target);
        return { size };
      } catch (err) {
        await handle.close().catch(() => {});
        await rm(temp, { force: true });
        throw err;
      }
    },

    async get(key) {
      try {
        const handle = await open(resolve(key), 'r');
        return handle.createReadStream();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },

    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

/** The storage every file action uses by default: ${DATA_DIR}/files. */
export function defaultFileStorage(deps: { config: Pick<Config, 'dataDir'> }): FileStorage {
  return createDiskStorage(path.join(deps.config.dataDir, 'files'));
}
