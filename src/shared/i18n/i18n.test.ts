import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SOURCES, translate } from './index.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('the Warehouse source', () => {
  it('has English for every text the console passes through t()', () => {
    const keys = new Set<string>();
    for (const file of sourceFiles(path.resolve(import.meta.dirname, '../../app'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\('([^']+)'/g)) keys.add(m[1]!);
    }
    expect(keys.size).toBeGreaterThan(50);
    const missing = [...keys].filter((k) => !SOURCES.en[k]);
    expect(missing).toEqual([]);
  });

  it('falls back to Chinese, then to the key', () => {
    expect(translate('en', 'OrderStatus.3')).toBe('Freight owed');
    expect(translate('zh-Hans', 'OrderStatus.3')).toBe('待补运费');
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });
});
