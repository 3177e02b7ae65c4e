// A route's first-load JavaScript from Vite's build manifest: the entry, the root and signed-in
// layout routes (__root, _app), the route's own component chunk, and everything they import
// statically, gzipped at level 9 (dynamic imports load on demand and do not count). Used by the
// floor bench (tests/bench/floor.ts) and the budget check (e2e/first-load.spec.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }

/** Entry + the signed-in layout (_app) + the route's component chunk, with their static imports. */
export function floorRouteJs(distDir: string, routeFile: string): { gzipKB: number; ownKB: number; files: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const dep of manifest[key]!.imports ?? []) visit(dep);
    };
    roots.forEach(visit);
    return seen;
  };
  const keys = Object.keys(manifest);
  const split = (file: string) => keys.filter((k) => k === file || k.startsWith(`${file}?tsr-split=component`));
  const shell = closure([...keys.filter((k) => manifest[k]!.isEntry), ...split('src/app/routes/__root.tsx'), ...split('src/app/routes/_app.tsx')]);
  const all = closure([...shell, ...split(routeFile)]);
  const size = (set: Set<string>) => [...set].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'))
    .reduce((s, f) => s + gzipSync(readFileSync(path.join(distDir, f)), { level: 9 }).length / 1024, 0);
  return { gzipKB: size(all), ownKB: size(all) - size(shell), files: [...all].map((k) => manifest[k]!.file) };
}

