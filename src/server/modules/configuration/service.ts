// GET /AbpUserConfiguration/GetAll: what an ABP client needs before it draws anything.
import { abpUserConfiguration, REALTIME_FEATURES } from '#shared/contracts/configuration.ts';
import { ALL_PERMISSIONS } from '#shared/permissions.ts';
import { LANGUAGES, LOCALIZATION_SOURCE, SOURCES } from '#shared/i18n/index.ts';
import { implement } from '../../framework.ts';

export const TIME_ZONE = 'Asia/Shanghai';

export const configurationService = implement(abpUserConfiguration, () => ({
  async getAll(_input, ctx) {
    const u = ctx.user;
    const side = ctx.tenantId === null ? 2 : 1;
    const language = LANGUAGES.find((l) => l.name === ctx.language) ?? LANGUAGES[0];
    const allPermissions = Object.fromEntries(ALL_PERMISSIONS.map((p) => [p.name, 'true']));
    const granted = u ? Object.fromEntries([...u.permissions].sort().map((p) => [p, 'true'])) : {};
    return {
      multiTenancy: { isEnabled: true, ignoreFeatureCheckForHostUsers: true, sides: { host: 2, tenant: 1 } },
      session: { userId: u?.id ?? null, tenantId: ctx.tenantId, impersonatorUserId: null, impersonatorTenantId: null, multiTenancySide: side },
      localization: {
        currentCulture: { name: language.name, displayName: language.displayName },
        languages: LANGUAGES.map((l) => ({ ...l })),
        currentLanguage: { ...language },
        sources: [{ name: LOCALIZATION_SOURCE, type: 'DictionaryBasedLocalizationSource' }],
        values: { [LOCALIZATION_SOURCE]: SOURCES[language.name] },
      },
      features: { allFeatures: Object.fromEntries(REALTIME_FEATURES.map((f) => [f, { value: 'true' }])) },
      auth: { allPermissions, grantedPermissions: granted },
      nav: { menus: { MainMenu: { name: 'MainMenu', displayName: 'Main menu', customData: null, items: [] } } },
      setting: {
        values: {
          'Abp.Localization.DefaultLanguageName': 'zh-Hans',
          'Abp.Timing.TimeZone': TIME_ZONE,
          // No account is ever locked (decision 0017): repeated failures slow down the address that
          // makes them (5 per user in 15 minutes), so the settings say lockout is off.
          'Abp.Zero.UserManagement.UserLockOut.IsEnabled': 'false',
          'Abp.Zero.UserManagement.UserLockOut.MaxFailedAccessAttemptsBeforeLockout': '5',
          'Abp.Zero.UserManagement.UserLockOut.DefaultAccountLockoutSeconds': '900',
        },
      },
      clock: { provider: 'utcClockProvider' },
      timing: {
        timeZoneInfo: {
          windows: { timeZoneId: 'China Standard Time', baseUtcOffsetInMilliseconds: 8 * 3600 * 1000, currentUtcOffsetInMilliseconds: 8 * 3600 * 1000, isDaylightSavingTimeNow: false },
          iana: { timeZoneId: TIME_ZONE },
        },
      },
      security: { antiForgery: { tokenCookieName: 'XSRF-TOKEN', tokenHeaderName: 'X-XSRF-TOKEN' } },
      custom: {},
    };
  },
}));
