// Secrets kept in the database but not readable from it: the Shopee shops' access and refresh
// tokens (decision 0028). AES-256-GCM with a key derived from the server's TOKEN_SECRET (HKDF, one
// purpose per key), a fresh 96-bit nonce per value; stored as `v1.<nonce>.<tag>.<ciphertext>`
// (base64url). A dump of the database, a backup or a read-only SQL account does not give away a
// seller's shop; every app server of one deployment shares TOKEN_SECRET, so each can open them.
//
// A value written before sealing (no `v1.` prefix) is read as it is, and sealed when next written.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'v1.';

export interface Sealer {
  seal(plain: string): string;
  /** The plain text; a value that was never sealed is answered as it is. Throws on a tampered value. */
  open(stored: string): string;
}

export function createSealer(secret: string, purpose: string): Sealer {
  const key = Buffer.from(hkdfSync('sha256', secret, 'haicang', `sealed:${purpose}`, 32));
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${nonce.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const [nonce, tag, body] = stored.slice(PREFIX.length).split('.');
      if (nonce === undefined || tag === undefined || body === undefined) throw new Error('sealed value is malformed');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
