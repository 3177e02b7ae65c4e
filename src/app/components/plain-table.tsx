// A plain, styled <table> for the floor screens. Mantine's Table brings its ScrollArea (and, by the
// way chunks are shared, more) into a screen's first load; a few rows of goods or fees do not need it.
import type { ComponentPropsWithoutRef } from 'react';
import classes from './plain-table.module.css';

export function PlainTable({ striped = false, className, ...rest }: ComponentPropsWithoutRef<'table'> & { striped?: boolean }) {
  return (
    <div className={classes.scroll}>
      <table className={[classes.table, striped ? classes.striped : '', className ?? ''].filter(Boolean).join(' ')} {...rest} />
    </div>
  );
}
