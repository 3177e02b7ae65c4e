// User type labels come from the Warehouse localisation source (DOMAIN: labels are not hard-coded),
// in the user's language; the Chinese until the configuration has loaded.
import { translate } from '#shared/i18n/index.ts';
import { USER_TYPE, type UserType } from '#shared/permissions.ts';
import type { Translate } from '../../../lib/i18n.ts';

export function userTypeLabel(t: Translate, type: UserType): string {
  const key = `UserType.${type}`;
  const text = t(key);
  return text === key ? translate('zh-Hans', key) : text;
}

export const userTypeOptions = (t: Translate) => [
  { value: USER_TYPE.staff, label: userTypeLabel(t, USER_TYPE.staff) },
  { value: USER_TYPE.seller, label: userTypeLabel(t, USER_TYPE.seller) },
] as const;
