// Equal columns for the floor screens: `cols` at each width (base, then from Mantine's xs / sm / md
// breakpoints up), `spacing` as a Mantine spacing key. Mantine's SimpleGrid does the same through a
// style element it writes per grid; this is plain CSS, and keeps it out of a floor screen's first load.
import type { ComponentPropsWithoutRef, CSSProperties } from 'react';
import classes from './columns.module.css';

type Breakpoint = 'base' | 'xs' | 'sm' | 'md';
type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

export interface ColumnsProps extends ComponentPropsWithoutRef<'div'> {
  cols: number | Partial<Record<Breakpoint, number>>;
  spacing?: Spacing;
}

export function Columns({ cols, spacing = 'md', className, style, ...rest }: ColumnsProps) {
  const at = typeof cols === 'number' ? { base: cols } : cols;
  const vars: Record<string, string | number> = { '--columns-gap': `var(--mantine-spacing-${spacing})` };
  // Each width falls back to the next narrower one that is set.
  let last = at.base ?? 1;
  for (const bp of ['base', 'xs', 'sm', 'md'] as const) {
    last = at[bp] ?? last;
    vars[`--columns-${bp}`] = last;
  }
  return <div className={[classes.columns, className ?? ''].filter(Boolean).join(' ')} style={{ ...vars, ...style } as CSSProperties} {...rest} />;
}
