import { describe, expect, it } from 'vitest';
import { ENUM_CODES, labelKey, type EnumName } from './enums.ts';
import { SOURCES } from './i18n/index.ts';

describe('enum labels', () => {
  it('every code of every enum has a label in both languages of the Warehouse source', () => {
    for (const [name, codes] of Object.entries(ENUM_CODES) as [EnumName, readonly (string | number)[]][]) {
      for (const code of codes) {
        for (const [lang, texts] of Object.entries(SOURCES)) expect(texts[labelKey(name, code)], `${lang} ${labelKey(name, code)}`).toBeTruthy();
      }
    }
  });
  it('labels match DOMAIN.md', () => {
    expect(SOURCES['zh-Hans'][labelKey('OrderStatus', 3)]).toBe('待补运费');
    expect(SOURCES['zh-Hans'][labelKey('ReceiveStatus', 5)]).toBe('无主件');
    expect(SOURCES['zh-Hans'][labelKey('PackageStatus', 2)]).toBe('已到齐');
  });
});
