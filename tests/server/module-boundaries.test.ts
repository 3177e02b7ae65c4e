// The server's module boundaries (docs/decisions/0021): read from the source's own imports, so a new
// folder loop, a query written outside a repository or a db/ file that imports a module fails here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'src/server');
const MODULES = path.join(SERVER, 'modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The files of src/server a file imports (relative and #server/ specifiers), as absolute paths. */
function serverImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].flatMap(([, spec]) => {
    if (spec!.startsWith('.')) return [path.resolve(path.dirname(file), spec!)];
    if (spec!.startsWith('#server/')) return [path.join(SERVER, spec!.slice('#server/'.length))];
    return [];
  });
}

const rel = (file: string) => path.relative(ROOT, file);
/** The module (folder under modules/) a file belongs to, or null for modules/index.ts and outside. */
const moduleOf = (file: string): string | null => {
  const parts = path.relative(MODULES, file).split(path.sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0]! : null;
};

/**
 * Files under modules/ that still write queries outside a repository.ts, each with why. A new file
 * with drizzle in it fails the test below; shortening this list is welcome.
 */
const QUERIES_OUTSIDE_REPOSITORIES: Record<string, string> = {
  'src/server/modules/ledger/ledger.ts': 'the one writer of balances: lock, check, insert, update (decision 0011)',
  'src/server/modules/platform/idempotency.ts': 'a store of its own (idempotency keys), repository in all but name',
  'src/server/modules/platform/sequences.ts': 'a store of its own (per-tenant counters), repository in all but name',
  'src/server/modules/recharge/service.ts': 'recharge orders and the test cap\'s per-seller lock: to move into a repository',
  'src/server/modules/identity/events.ts': 'NOTIFY on the identity channel in the caller\'s transaction (decision 0017)',
  'src/server/modules/platform/rate-limits.ts': 'a store of its own (sign-in throttle counters), repository in all but name',
};

describe('module boundaries', () => {
  const moduleFiles = sourceFiles(MODULES);

  it('has no loop between modules: if A imports B, B never reaches A', () => {
    const edges = new Map<string, Set<string>>();
    for (const file of moduleFiles) {
      const from = moduleOf(file);
      if (!from) continue;
      for (const target of serverImports(file)) {
        const to = moduleOf(target);
        if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    const reaches = (start: string, goal: string, seen = new Set<string>()): boolean =>
      [...(edges.get(start) ?? [])].some((next) => next === goal || (!seen.has(next) && (seen.add(next), reaches(next, goal, seen))));
    const loops = [...edges.keys()].filter((m) => reaches(m, m));
    expect(loops).toEqual([]);
    // The parcels module stands below orders: stock, overseas and returns will build on it alone.
    expect([...(edges.get('parcels') ?? [])].sort()).toEqual(['audit', 'files']);
  });

  it('writes queries only in repositories (and the few files listed with their reason)', () => {
    const offenders = moduleFiles
      .filter((f) => !f.endsWith('repository.ts') && /from 'drizzle-orm/.test(readFileSync(f, 'utf8')))
      .map(rel)
      .filter((f) => !(f in QUERIES_OUTSIDE_REPOSITORIES));
    expect(offenders).toEqual([]);
  });

  it('keeps the modules below plugins/: HTTP belongs to the routes, rules to the modules', () => {
    const plugins = path.join(SERVER, 'plugins');
    expect(moduleFiles.filter((f) => serverImports(f).some((t) => t.startsWith(plugins))).map(rel)).toEqual([]);
  });

  it('keeps db/ below the modules, and the seed above them', () => {
    const dbIntoModules = sourceFiles(path.join(SERVER, 'db')).filter((f) => serverImports(f).some((t) => t.startsWith(MODULES)));
    expect(dbIntoModules.map(rel)).toEqual([]);
    const seed = path.join(SERVER, 'seed.ts');
    expect(moduleFiles.filter((f) => serverImports(f).includes(seed)).map(rel)).toEqual([]);
  });
});
