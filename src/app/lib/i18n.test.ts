import { describe, expect, it } from 'vitest';
import { LOCALIZATION_SOURCE } from '#shared/i18n/index.ts';
import { LOCALIZATION_SOURCE_NAME } from './constants.ts';
import { createTranslator, sourceValues } from './i18n.ts';
import { fakeConfiguration } from './test-config.ts';

describe('t()', () => {
  it('reads the Warehouse source of the configuration and falls back to the Chinese literal', () => {
    const t = createTranslator(sourceValues(fakeConfiguration({ values: { 退出登录: 'Sign out', '共 {0} 条': '{0} in all' } })));
    expect(t('退出登录')).toBe('Sign out');
    expect(t('修改密码')).toBe('修改密码');
    expect(t('共 {0} 条', 12)).toBe('12 in all');
    expect(createTranslator(undefined)('所需权限：{0}', 'Pages.Users')).toBe('所需权限：Pages.Users');
  });

  it('names the same source as the shared localisation module', () => {
    expect(LOCALIZATION_SOURCE_NAME).toBe(LOCALIZATION_SOURCE);
  });
});
