// The JavaScript a route needs to render, from Vite's build manifest: the entry, the route's split
// component chunk, and everything they import statically (dynamic imports are loaded on demand).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }

export function routeInitialJs(distDir: string, routeFile: string): { gzipKB: number; files: { file: string; gzipKB: number }[] } {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const roots = Object.keys(manifest).filter((k) => manifest[k]!.isEntry || k.startsWith(`${routeFile}?tsr-split=component`));
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key]!.imports ?? []) visit(dep);
  };
  roots.forEach(visit);
  const files = [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'))
    .map((file) => ({ file, gzipKB: gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length / 1024 }));
  return { gzipKB: files.reduce((s, f) => s + f.gzipKB, 0), files: files.sort((a, b) => b.gzipKB - a.gzipKB) };
}
