// Issue 12 §2 benchmark: a zip bomb posted to File/ImportExpress. Run on its own:
//   node --expose-gc --import tsx tests/bench/zip-import.ts
// Builds the app in this process (in-memory PGlite) and posts, once and then six at once, an xlsx of
// 8 entries × 200 MB of zeros (1.6 GB declared, ~1.6 MB on the wire), then the same entries declaring
// 1 MB each (sizes that lie). Prints the time to the 400 and the peak growth of this process's RSS
// (sampled every 10 ms) over its value just before (run with node --expose-gc for a steadier base). Never fails on a target (< 5 s, < 300 MB): prints figures.
import { performance } from 'node:perf_hooks';
import { createTestApp, signIn } from '../helpers/test-app.ts';
import { authHeaders, deflatedZeros, multipart, zipArchive } from '../helpers/upload.ts';

const MB = 1024 * 1024;

async function main(): Promise<void> {
  const t = await createTestApp();
  try {
    const admin = await signIn(t.app, 'admin', '123qwe', 1);
    const zeros = await deflatedZeros(200 * MB);
    const bombs = {
      'declared 1.6 GB': zipArchive(Array.from({ length: 8 }, (_, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: zeros, size: 200 * MB }))),
      'lying (declares 8 MB)': zipArchive(Array.from({ length: 8 }, (_, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: zeros, size: MB }))),
    };
    const post = async (bytes: Buffer) => {
      const { payload, contentType } = await multipart([{ fileName: 'bomb.xlsx', bytes }]);
      const res = await t.app.inject({ method: 'POST', url: '/api/File/ImportExpress', headers: { ...authHeaders(admin), 'content-type': contentType }, payload });
      return res.statusCode;
    };
    for (const [label, bytes] of Object.entries(bombs)) {
      for (const parallel of [1, 6]) {
        global.gc?.();
        const before = process.memoryUsage().rss;
        let peak = before;
        const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 10);
        const started = performance.now();
        const statuses = await Promise.all(Array.from({ length: parallel }, () => post(bytes)));
        const ms = performance.now() - started;
        clearInterval(sampler);
        peak = Math.max(peak, process.memoryUsage().rss);
        console.log(`${label.padEnd(22)} ×${parallel}  ${(bytes.length / MB).toFixed(1)} MB file  statuses ${[...new Set(statuses)].join(',')}  ` +
          `${ms.toFixed(0)} ms  RSS peak +${((peak - before) / MB).toFixed(0)} MB`);
      }
    }
  } finally {
    await t.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
