// A route's first-load JavaScript from Vite's build manifest: the entry, the root and signed-in
// layout routes (__root, _app), the route's own component chunk, and everything they import
// statically, gzipped at level 9 (dynamic imports load on demand and do not count). Used by the
// floor bench (tests/bench/floor.ts) and the budget check (e2e/first-load.spec.ts), with the list of
// floor screens both measure.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }

/** The build manifest and the closure of static imports from some of its keys. */
export function manifestGraph(distDir: string) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const keys = Object.keys(manifest);
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
  /** The JS files of a set of keys, each gzipped at level 9. */
  const jsFiles = (set: Set<string>) => [...set].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'))
    .map((file) => ({ file, gzipKB: gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length / 1024 }));
  return {
    entries: keys.filter((k) => manifest[k]!.isEntry),
    /** A route file and its split component chunk. */
    split: (file: string) => keys.filter((k) => k === file || k.startsWith(`${file}?tsr-split=component`)),
    closure,
    jsFiles,
    fileOf: (key: string) => manifest[key]!.file,
  };
}

/** Entry + the signed-in layout (_app) + the route's component chunk, with their static imports. */
export function floorRouteJs(distDir: string, routeFile: string): { gzipKB: number; ownKB: number; files: string[] } {
  const g = manifestGraph(distDir);
  const shell = g.closure([...g.entries, ...g.split('src/app/routes/__root.tsx'), ...g.split('src/app/routes/_app.tsx')]);
  const all = g.closure([...shell, ...g.split(routeFile)]);
  const size = (set: Set<string>) => g.jsFiles(set).reduce((s, f) => s + f.gzipKB, 0);
  return { gzipKB: size(all), ownKB: size(all) - size(shell), files: [...all].map(g.fileOf) };
}

/**
 * The floor's phone screens, found by their source: every route in the menu's 仓库作业 group, and every
 * route of another group marked `floorScreen: true` (the overseas sign-in station). A new one is
 * measured without being listed anywhere. `path` is its address (`_app` is a layout without a path
 * segment), `file` its route file from the project's root, in the build manifest's terms.
 */
export function floorRoutes(root: string): { path: string; file: string }[] {
  const dir = path.join(root, 'src', 'app', 'routes');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.tsx') && /group: 'floor'|floorScreen: true/.test(readFileSync(path.join(dir, f), 'utf8')))
    .map((f) => `src/app/routes/${f.split(path.sep).join('/')}`)
    .sort()
    .map((file) => ({ path: file.replace(/^src\/app\/routes\/_app/, '').replace(/\.tsx$/, ''), file }));
}

/** What shows that a floor screen is usable: its scan box, the pack station's, or the floor's home. */
export const FLOOR_READY = '[data-testid=scan-input], [data-testid=pack-scan-input], [data-testid=floor-home]';
