// Options for code selects: labels from the Warehouse source (DOMAIN: never hard-coded).
import { ENUM_CODES, SITES, labelKey, type EnumName } from '#shared/enums.ts';
import type { Translate } from '../../lib/i18n.ts';

type CodeOf<N extends EnumName> = (typeof ENUM_CODES)[N][number];

export function codeOptions<N extends EnumName>(t: Translate, name: N): { value: CodeOf<N>; label: string }[] {
  return (ENUM_CODES[name] as readonly CodeOf<N>[]).map((code) => ({ value: code, label: t(labelKey(name, code)) }));
}

export const siteOptions = (t: Translate) => SITES.map((s) => ({ value: s, label: `${t(labelKey('Site', s))} (${s})` }));
