// The token secret: TOKEN_SECRET, else one generated on first start and kept in DATA_DIR.
// Several servers behind a load balancer must share it: set TOKEN_SECRET for them.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function resolveTokenSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets.json');
  try {
    const saved = JSON.parse(await readFile(file, 'utf8')) as { tokenSecret?: string };
    if (saved.tokenSecret && saved.tokenSecret.length >= 32) return saved.tokenSecret;
  } catch {
    // no secrets file yet: create one below
  }
  const tokenSecret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify({ tokenSecret }, null, 2), { mode: 0o600 });
  return tokenSecret;
}
