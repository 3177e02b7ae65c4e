// The JavaScript a route needs to render, from Vite's build manifest: the entry, the route's split
// component chunk, and everything they import statically (dynamic imports are loaded on demand).
import { manifestGraph } from '../helpers/first-load-js.ts';

export function routeInitialJs(distDir: string, routeFile: string): { gzipKB: number; files: { file: string; gzipKB: number }[] } {
  const g = manifestGraph(distDir);
  const roots = [...g.entries, ...g.split(routeFile).filter((k) => k !== routeFile)];
  const files = g.jsFiles(g.closure(roots));
  return { gzipKB: files.reduce((s, f) => s + f.gzipKB, 0), files: files.sort((a, b) => b.gzipKB - a.gzipKB) };
}
