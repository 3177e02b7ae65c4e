// A status code shown as its label from the Warehouse source (DOMAIN: labels never hard-coded).
import { Badge } from '@mantine/core';
import { labelKey, type EnumName } from '#shared/enums.ts';
import { useT } from '../lib/i18n.ts';
import { codeColor } from './code-colors.ts';

/** <CodeBadge name="OrderStatus" code={2} /> → a coloured 处理中 badge. */
export function CodeBadge({ name, code }: { name: EnumName; code: number | string | null | undefined }) {
  const t = useT();
  if (code === null || code === undefined) return null;
  return (
    <Badge variant="light" radius="sm" color={codeColor(name, code)}>
      {t(labelKey(name, code))}
    </Badge>
  );
}

/** The label alone, for selects and text. */
export function useCodeLabel(): (name: EnumName, code: number | string) => string {
  const t = useT();
  return (name, code) => t(labelKey(name, code));
}
