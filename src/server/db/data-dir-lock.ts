// The data-directory lock: one process opens a PGlite directory.
import path from 'node:path';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

export class DataDirInUseError extends Error {}

/**
 * PGlite is one process's database: a second process opening the same directory corrupts it.
 * A lock file with the owner's pid refuses the second opener; a stale one (dead pid) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'haicang.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => { try { if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file); } catch { /* already gone */ } };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8'));
      let alive = false;
      try { if (owner > 0 && owner !== process.pid) { process.kill(owner, 0); alive = true; } } catch { alive = false; }
      if (alive) throw new DataDirInUseError(`The data directory ${dataDir} is in use by process ${owner} (another server or seeder). Stop it first, or use another DATA_DIR.`);
      unlinkSync(file);
    }
  }
  throw new DataDirInUseError(`Could not lock ${dataDir}`);
}
