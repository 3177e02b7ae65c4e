// Client validation messages in the user's language. The zod schemas are built when their module
// loads, before anyone has signed in, so their messages are the Chinese texts — keys of the Warehouse
// source — and useZodForm translates them when it shows them. A message that names its field
// (number-text.ts: `请输入${label}`) is one of FIELD_TEMPLATES filled with the field's label; it is
// taken apart again and put together in English from the template's and the label's own English.
import type { Translate } from '../../lib/i18n.ts';

/** The templates of the messages that name their field: {0} the label, {1} a number. */
export const FIELD_TEMPLATES = [
  '请输入{0}',
  '请选择{0}',
  '{0}须为数字，最多两位小数',
  '{0}须为数字，最多三位小数',
  '{0}须为大于 0 的数字，最多一位小数',
  '{0}须为大于 0 的数字，最多三位小数',
  '{0}须大于 0',
  '{0}须为整数',
  '{0}至少为 {1}',
  '{0}不能超过 {1} 个字',
  '{0}最多 {1} 个字符',
  '{0}至少 {1} 个字符',
  '{0}过长',
  '{0}无效',
] as const;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PATTERNS = FIELD_TEMPLATES.map((template) => ({
  template,
  pattern: new RegExp(`^${escape(template).replace('\\{0\\}', '(.+?)').replace('\\{1\\}', '(\\d+)')}$`),
}));

/** A validation message in the translator's language (the same text when it is the Chinese one). */
export function translateMessage(t: Translate, message: string): string {
  const whole = t(message);
  if (whole !== message) return whole;
  for (const { template, pattern } of PATTERNS) {
    const parts = pattern.exec(message);
    // In Chinese (no text for the template) the message stays exactly as the schema wrote it.
    if (parts) return t(template) === template ? message : t(template, ...parts.slice(1).map((p) => t(p.trim())));
  }
  return message;
}
