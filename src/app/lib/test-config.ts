// Typed fixtures for component tests: a /AbpUserConfiguration/GetAll answer and a session, shaped
// exactly like the contract so a test reads like the real start-up.
import type { UserConfiguration } from '#shared/contracts/configuration.ts';

export function fakeConfiguration(options: { userId?: number | null; tenantId?: number | null; granted?: readonly string[]; values?: Record<string, string>; features?: Record<string, string> } = {}): UserConfiguration {
  const language = { name: 'zh-Hans', displayName: '简体中文', icon: 'cn', isDefault: true, isDisabled: false };
  return {
    multiTenancy: { isEnabled: true, ignoreFeatureCheckForHostUsers: true, sides: { host: 2, tenant: 1 } },
    session: { userId: options.userId ?? null, tenantId: options.tenantId ?? null, impersonatorUserId: null, impersonatorTenantId: null, multiTenancySide: options.tenantId ? 1 : 2 },
    localization: {
      currentCulture: { name: language.name, displayName: language.displayName },
      languages: [language], currentLanguage: language,
      sources: [{ name: 'Warehouse', type: 'DictionaryBasedLocalizationSource' }],
      values: { Warehouse: options.values ?? {} },
    },
    features: { allFeatures: Object.fromEntries(Object.entries(options.features ?? { SignalR: 'true', 'SignalR.AspNetCore': 'true' }).map(([k, v]) => [k, { value: v }])) },
    auth: { allPermissions: {}, grantedPermissions: Object.fromEntries((options.granted ?? []).map((p) => [p, 'true'])) },
    nav: { menus: {} },
    setting: { values: {} },
    clock: { provider: 'utcClockProvider' },
    timing: { timeZoneInfo: { windows: { timeZoneId: 'China Standard Time', baseUtcOffsetInMilliseconds: 28_800_000, currentUtcOffsetInMilliseconds: 28_800_000, isDaylightSavingTimeNow: false }, iana: { timeZoneId: 'Asia/Shanghai' } } },
    security: { antiForgery: { tokenCookieName: 'XSRF-TOKEN', tokenHeaderName: 'X-XSRF-TOKEN' } },
    custom: {},
  };
}
