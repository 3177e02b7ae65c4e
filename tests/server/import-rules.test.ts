// The import rules of decision 0066. The lint rules themselves live in eslint.config.js; these tests
// run that config through ESLint's Node API on snippets that break a rule, so a config that stops
// resolving `#shared/…` or loses a zone (and so lets everything through) fails here. The last test
// looks for cycles that go through `import type`, which import-x/no-cycle does not follow.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

let eslint: ESLint;
/** Older feature imports the config lets through, by file (eslint.config.js is plain JS, so no types). */
let featureImportsToMove: Record<string, string[]>;
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  const config = (await import(pathToFileURL(path.join(ROOT, 'eslint.config.js')).href)) as { FEATURE_IMPORTS_TO_MOVE: Record<string, string[]> };
  featureImportsToMove = config.FEATURE_IMPORTS_TO_MOVE;
});

/** The rule ids ESLint reports for `code` as if it were the file at `file` (from the root). */
async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

describe('layer rules (eslint.config.js)', () => {
  it('refuses src/shared importing the server, the console or React', async () => {
    expect(await ruleIds('src/shared/probe.ts', "import { defaultPoolSize } from '#server/config.ts';\nexport const x = defaultPoolSize;\n"))
      .toEqual(['import-x/no-restricted-paths']);
    expect(await ruleIds('src/shared/probe.ts', "import { ApiError } from '../app/lib/api-error.ts';\nexport const x = ApiError;\n"))
      .toEqual(['import-x/no-restricted-paths']);
    expect(await ruleIds('src/shared/probe.ts', "import { useState } from 'react';\nexport const x = useState;\n"))
      .toEqual(['no-restricted-imports']);
  });

  it('keeps the console and the server apart', async () => {
    expect(await ruleIds('src/app/lib/probe.ts', "import { defaultPoolSize } from '#server/config.ts';\nexport const x = defaultPoolSize;\n"))
      .toEqual(['import-x/no-restricted-paths']);
    expect(await ruleIds('src/server/probe.ts', "import { ApiError } from '#app/lib/api-error.ts';\nexport const x = ApiError;\n"))
      .toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses a module importing a plugin', async () => {
    expect(await ruleIds('src/server/modules/orders/probe.ts', "import { TENANT_COOKIE } from '../../plugins/services.ts';\nexport const x = TENANT_COOKIE;\n"))
      .toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses a feature importing another feature, and lib/ importing a feature; its own folder, components and lib pass', async () => {
    expect(await ruleIds('src/app/features/stock/probe.ts', "import { balanceQuery } from '../amount/queries.ts';\nexport const x = balanceQuery;\n"))
      .toEqual(['import-x/no-restricted-paths']);
    // A dynamic import counts as well.
    expect(await ruleIds('src/app/features/stock/probe.ts', "export const load = () => import('../photos/photo-station.tsx');\n"))
      .toEqual(['import-x/no-restricted-paths']);
    expect(await ruleIds('src/app/lib/probe.ts', "import { balanceQuery } from '../features/amount/queries.ts';\nexport const x = balanceQuery;\n"))
      .toEqual(['import-x/no-restricted-paths']);
    expect(await ruleIds('src/app/features/stock/probe.ts', [
      "import { openProductLabels } from './labels.ts';",
      "import { Columns } from '../../components/columns.tsx';",
      "import { useApi } from '../../lib/api.ts';",
      "import { labelKey } from '#shared/enums.ts';",
      'export const x = [openProductLabels, Columns, useApi, labelKey];',
      '',
    ].join('\n'))).toEqual([]);
  });

  it('lets a listed older import through, and only that one', async () => {
    const file = 'src/app/features/seller-orders/supply-freight-message.tsx';
    expect(await ruleIds(file, "import { balanceQuery } from '../amount/queries.ts';\nexport const x = balanceQuery;\n")).toEqual([]);
    expect(await ruleIds(file, "import { pointsText } from '../fees/fee-form.ts';\nexport const x = pointsText;\n"))
      .toEqual(['import-x/no-restricted-paths']);
  });

  it('lists only older imports that still exist (the list shrinks, it does not rot)', () => {
    const missing = Object.entries(featureImportsToMove).flatMap(([file, targets]) => [
      ...(existsSync(path.join(ROOT, file)) ? [] : [file]),
      ...targets.filter((t) => !readFileSync(path.join(ROOT, file), 'utf8').includes(path.basename(t))).map((t) => `${file} → ${t}`),
    ]);
    expect(missing).toEqual([]);
  });
});

describe('no-cycle (eslint.config.js)', () => {
  it('reports the circle api-error.ts ↔ http.ts had before ApiError moved to its leaf', async () => {
    // http.ts (on disk) imports api-error.ts; this api-error.ts imports http.ts back.
    expect(await ruleIds('src/app/lib/api-error.ts', "import { useApi } from './http.ts';\nexport const x = useApi;\n"))
      .toEqual(['import-x/no-cycle']);
  });
});

/** src/ and sw/ source files (no generated route tree). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.gen.ts') ? [full] : [];
  });
}

const ALIASES: Record<string, string> = { '#shared/': 'src/shared/', '#server/': 'src/server/', '#app/': 'src/app/' };

/** Every file of ours a file imports: static, dynamic and `import type`, as absolute paths. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.flatMap(({ fileName: spec }) => {
    if (spec.startsWith('.')) return [path.resolve(path.dirname(file), spec)];
    const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
    return alias ? [path.join(ROOT, ALIASES[alias]!, spec.slice(alias.length))] : [];
  });
}

describe('no cycle through types either', () => {
  it('finds no circle among the files of src/ and sw/, counting `import type` and import()', () => {
    const files = [...sourceFiles(path.join(ROOT, 'src')), ...sourceFiles(path.join(ROOT, 'sw'))];
    const known = new Set(files);
    const edges = new Map(files.map((f) => [f, importsOf(f).filter((t) => known.has(t))]));
    // The reader sees type-only imports (framework.ts takes CurrentUser from identity by type only).
    expect(edges.get(path.join(ROOT, 'src/server/framework.ts'))).toContain(path.join(ROOT, 'src/server/modules/identity/current-user.ts'));

    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of edges.get(file)!) {
        if (state.get(next) === 'open') circles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(ROOT, f)).join(' → '));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(circles).toEqual([]);
  });
});
