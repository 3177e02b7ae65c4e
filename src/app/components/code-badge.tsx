// A status code shown as its label from the Warehouse source (DOMAIN: labels never hard-coded).
import { Badge, type MantineColor } from '@mantine/core';
import { labelKey, type EnumName } from '#shared/enums.ts';
import { useT } from '../lib/i18n.ts';

const COLORS: Partial<Record<EnumName, Record<string, MantineColor>>> = {
  OrderStatus: { 1: 'gray', 2: 'blue', 3: 'orange', 4: 'teal', 5: 'green', 6: 'dark', 7: 'red' },
  PackageStatus: { 0: 'gray', 1: 'yellow', 2: 'blue', 3: 'indigo', 4: 'violet', 5: 'teal' },
  ReceiveStatus: { 0: 'gray', 1: 'blue', 2: 'teal', 3: 'orange', 4: 'dark', 5: 'grape', 6: 'red' },
  StockStatus: { 0: 'gray', 1: 'blue', 2: 'teal', 3: 'red', 4: 'violet', 5: 'green', 6: 'dark' },
  StockProductStatus: { 1: 'green', 2: 'orange', 3: 'gray' },
  ListedType: { 1: 'green', 2: 'blue', 3: 'orange', 4: 'teal', 5: 'red' },
  AbroadReturnStatus: { 0: 'gray', 1: 'teal', 2: 'orange', 3: 'dark' },
};

/** <CodeBadge name="OrderStatus" code={2} /> → a coloured 处理中 badge. */
export function CodeBadge({ name, code }: { name: EnumName; code: number | string | null | undefined }) {
  const t = useT();
  if (code === null || code === undefined) return null;
  return (
    <Badge variant="light" radius="sm" color={COLORS[name]?.[String(code)] ?? 'gray'}>
      {t(labelKey(name, code))}
    </Badge>
  );
}

/** The label alone, for selects and text. */
export function useCodeLabel(): (name: EnumName, code: number | string) => string {
  const t = useT();
  return (name, code) => t(labelKey(name, code));
}
