// Password hashing with node:crypto scrypt. Stored as scrypt$N$r$p$salt$hash (base64).
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { MESSAGES, TooManyRequestsError } from './errors.ts';

const N = 16384, R = 8, P = 1, KEYLEN = 32;

/**
 * scrypt runs on libuv's thread pool (4 threads), which jose's WebCrypto, zlib and file reads
 * share: a flood of hashes would queue every other request's token check behind it. At most
 * two hash at once; a bounded queue waits, and beyond it the caller is told to come back.
 */
export const HASHING = { concurrent: 2, queued: 30 } as const;
let hashing = 0;
const waiting: (() => void)[] = [];

async function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  if (hashing >= HASHING.concurrent) {
    if (waiting.length >= HASHING.queued) throw new TooManyRequestsError(1, MESSAGES.busy, '服务器正忙于核对密码，请稍后再试。');
    // The finishing hash hands its slot over: `hashing` stays as it is.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    hashing++;
  }
  try {
    return await new Promise((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));
  } finally {
    const next = waiting.shift();
    if (next) next(); else hashing--;
  }
}

/** Hashes running and waiting now (tests and the bench watch the bound). */
export const hashingLoad = (): { running: number; waiting: number } => ({ running: hashing, waiting: waiting.length });

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
