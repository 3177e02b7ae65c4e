import { zhHans } from './zh-Hans.ts';
import { en } from './en.ts';

export const LOCALIZATION_SOURCE = 'Warehouse';
export const LANGUAGES = [
  { name: 'zh-Hans', displayName: '简体中文', icon: 'cn', isDefault: true, isDisabled: false },
  { name: 'en', displayName: 'English', icon: 'gb', isDefault: false, isDisabled: false },
] as const;
export type LanguageName = (typeof LANGUAGES)[number]['name'];

export const SOURCES: Record<LanguageName, Record<string, string>> = { 'zh-Hans': zhHans, en };

/** A text of the Warehouse source; an English key falls back to Chinese, then to the key. */
export function translate(language: LanguageName, key: string): string {
  return SOURCES[language][key] ?? zhHans[key] ?? key;
}
