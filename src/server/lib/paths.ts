// The project's root directory, whether the server runs from src/ (tsx) or from its bundle.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  let dir = from;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'haicang') return dir;
      } catch { /* not ours */ }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no haicang package.json above ${from}`);
    dir = parent;
  }
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'src/server/db/migrations');
export const APP_DIST_DIR = path.join(PROJECT_ROOT, 'dist');
