// Preloaded (node --import) into the server the e2e global setup starts. Our stdin is a pipe from
// the Playwright runner; when that runner goes away for any reason — even SIGKILL, which skips the
// global teardown — the pipe closes and the server shuts itself down instead of lingering, and its
// throw-away data dir is deleted on the way out (the teardown would have done that).
import { rmSync } from 'node:fs';

process.stdin.on('end', orphaned);
process.stdin.on('error', orphaned);
process.stdin.resume();

let fired = false;
function orphaned() {
  if (fired) return;
  fired = true;
  const dataDir = process.env.HC_E2E_DATA_DIR;
  const removeDataDir = () => {
    if (!dataDir) return;
    try {
      rmSync(dataDir, { recursive: true, force: true });
    } catch {
      // Best effort: it is under the system temp dir anyway.
    }
  };
  if (process.listenerCount('SIGTERM') === 0) {
    // Still starting (main.ts installs its handler once listening): nothing to finish, just go.
    removeDataDir();
    process.exit(1);
  }
  process.on('exit', removeDataDir);
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.exit(1), 10_000).unref();
}
