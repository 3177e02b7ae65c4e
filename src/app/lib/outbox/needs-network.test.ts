import { describe, expect, it } from 'vitest';
import { SOURCES } from '#shared/i18n/index.ts';
import { createTranslator } from '../i18n.ts';
import { needsNetwork } from './needs-network.ts';

describe('needsNetwork', () => {
  it('says the one sentence in Chinese as before, and in English with the step and what then in English', () => {
    expect(needsNetwork(createTranslator(undefined), '打包称重', '称重')).toBe('打包称重需要联网：请联网后再称重');
    expect(needsNetwork(createTranslator(SOURCES.en), '打包称重', '扫描此单')).toBe('Pack & weigh needs the network. Go online, then: scan this order');
    for (const [step, then] of [['打包', '确认打包'], ['打包', '重新扫描此单，查看是否已打包'], ['打包称重', '重新扫描此单，查看是否已称重'], ['包裹拍照', '拍照']] as const) {
      expect(needsNetwork(createTranslator(SOURCES.en), step, then)).not.toMatch(/[\u3400-\u9fff]/);
    }
  });
});
