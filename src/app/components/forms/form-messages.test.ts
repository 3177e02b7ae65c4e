import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SOURCES } from '#shared/i18n/index.ts';
import { createTranslator } from '../../lib/i18n.ts';
import { FIELD_TEMPLATES, translateMessage } from './form-messages.ts';
import { intText, pointsText } from './number-text.ts';

const en = createTranslator(SOURCES.en);
const zh = createTranslator(undefined);
const HAN = /[\u3400-\u9fff]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/**
 * The Chinese literals of the console's zod schemas: on a line of a file that imports zod (or the
 * number-text helpers), every quoted text in a check (min, max, regex, refine, enum, message:) or
 * passed as a field's label to a helper of number-text.ts and its kind.
 */
function schemaTexts(): Set<string> {
  const texts = new Set<string>();
  const schemaLine = /\bz\.|\.(min|max|regex|refine|length)\(|message:|addIssue|(Text|note)\('/;
  for (const file of sourceFiles(path.resolve(import.meta.dirname, '../..'))) {
    const source = readFileSync(file, 'utf8');
    if (!/from 'zod'|number-text\.ts'/.test(source)) continue;
    for (const line of source.split('\n')) {
      if (/^\s*(\/\/|\*)/.test(line) || !schemaLine.test(line)) continue;
      for (const m of line.matchAll(/'([^'\n]*)'/g)) if (HAN.test(m[1]!)) texts.add(m[1]!);
    }
  }
  return texts;
}

describe('validation messages', () => {
  it('are the same Chinese text in Chinese', () => {
    expect(translateMessage(zh, '请输入商品名称')).toBe('请输入商品名称');
    expect(translateMessage(zh, '备注不能超过 512 个字')).toBe('备注不能超过 512 个字');
    expect(translateMessage(zh, '组合 SKU 不能超过 128 个字')).toBe('组合 SKU 不能超过 128 个字');
    expect(translateMessage(en, '组合 SKU 不能超过 128 个字')).toBe('Combination SKU must be at most 128 characters');
  });

  it('are put together in English from a template and the field\'s label', () => {
    const issue = (schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } }, v: string) =>
      schema.safeParse(v).error!.issues[0]!.message;
    expect(translateMessage(en, issue(pointsText('上架费'), ''))).not.toMatch(HAN);
    expect(translateMessage(en, issue(intText('预入库数量', 0), 'x'))).not.toMatch(HAN);
    for (const template of FIELD_TEMPLATES) expect(SOURCES.en[template], template).toBeTruthy();
  });

  it('have English for every text of the console\'s schemas', () => {
    const texts = schemaTexts();
    expect(texts.size).toBeGreaterThan(50);
    const missing = [...texts].filter((text) => HAN.test(translateMessage(en, text)));
    expect(missing).toEqual([]);
  });
});
