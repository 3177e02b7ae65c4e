// User type labels come from the Warehouse localisation source (DOMAIN: labels are not hard-coded).
import { translate } from '#shared/i18n/index.ts';
import { USER_TYPE, type UserType } from '#shared/permissions.ts';

export const userTypeLabel = (type: UserType): string => translate('zh-Hans', `UserType.${type}`);

export const USER_TYPE_OPTIONS = [
  { value: USER_TYPE.staff, label: userTypeLabel(USER_TYPE.staff) },
  { value: USER_TYPE.seller, label: userTypeLabel(USER_TYPE.seller) },
] as const;
