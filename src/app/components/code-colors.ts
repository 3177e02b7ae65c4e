// The colour of each status code's badge (CodeBadge). Apart from the Badge itself, so a floor screen
// drawing its own kit badge does not load Mantine's Badge to learn a colour.
import type { MantineColor } from '@mantine/core';
import type { EnumName } from '#shared/enums.ts';

const COLORS: Partial<Record<EnumName, Record<string, MantineColor>>> = {
  OrderStatus: { 1: 'gray', 2: 'blue', 3: 'orange', 4: 'teal', 5: 'green', 6: 'dark', 7: 'red' },
  PackageStatus: { 0: 'gray', 1: 'yellow', 2: 'blue', 3: 'indigo', 4: 'violet', 5: 'teal' },
  ReceiveStatus: { 0: 'gray', 1: 'blue', 2: 'teal', 3: 'orange', 4: 'dark', 5: 'grape', 6: 'red' },
  StockStatus: { 0: 'gray', 1: 'blue', 2: 'teal', 3: 'red', 4: 'violet', 5: 'green', 6: 'dark' },
  StockProductStatus: { 1: 'green', 2: 'orange', 3: 'gray' },
  ListedType: { 1: 'green', 2: 'blue', 3: 'orange', 4: 'teal', 5: 'red' },
  AbroadReturnStatus: { 0: 'gray', 1: 'teal', 2: 'orange', 3: 'dark' },
};

export function codeColor(name: EnumName, code: number | string): MantineColor {
  return COLORS[name]?.[String(code)] ?? 'gray';
}
