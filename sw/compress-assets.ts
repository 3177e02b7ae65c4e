// A Vite build plugin: writes a Brotli (.br) and a gzip (.gz) copy next to every text or wasm file
// of the build, and the server sends the smallest one the browser accepts (@fastify/static
// preCompressed). Phones on a weak network then download a fifth of the bytes, and the server
// spends no time compressing. (Compressed copies are not precached: sw/pwa-options.ts lists
// extensions, and .br / .gz are not among them.)
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|wasm|txt)$/;
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(full);
    } else if (COMPRESSIBLE.test(entry.name)) {
      yield full;
    }
  }
}

export async function compressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  let count = 0;
  let bytes = 0;
  let brotliBytes = 0;
  const work: Promise<void>[] = [];
  for await (const file of files(dir)) {
    if ((await stat(file)).size < MIN_BYTES) continue;
    work.push((async () => {
      const data = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gz(data, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      count += 1;
      bytes += data.length;
      brotliBytes += br.length;
    })());
  }
  await Promise.all(work);
  return { files: count, bytes, brotliBytes };
}

export function compressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'haicang:compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const r = await compressDir(outDir);
        this.info?.(`compressed ${r.files} files: ${(r.bytes / 1024).toFixed(0)} KB → ${(r.brotliBytes / 1024).toFixed(0)} KB brotli`);
      },
    },
  };
}
