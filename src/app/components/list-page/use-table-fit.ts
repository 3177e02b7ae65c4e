// How a list's table fits its box (issue 44: at a desk, 1440 px, the 操作 column covers no data).
//
// The 操作 column can be shown in a few ways, widest first: its first `maxInline` actions as buttons
// (the rest in a 更多 menu), then one button and the menu, then the menu alone. The table takes the
// first way with which it fits its box. Only when even the menu alone does not fit (a phone, a narrow
// window) does the table scroll sideways in its box, with 操作 pinned on the right over the cells that
// scroll beneath it.
//
// How it is measured: a table that does not fit is as wide as its narrowest layout (every cell wraps
// as far as it can), so an overflowing table's width is what that way of showing 操作 needs. Each
// way's need is remembered once seen, and on every change of the box's or the table's size the first
// way whose need fits (or is not yet known) is chosen. So a wider window brings the buttons back, and
// the choice cannot flip back and forth: a way is left only after it was measured not to fit. New rows
// or columns (`content` changes) forget the needs, which were measured on other content.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

export interface TableFit {
  /** How many actions the 操作 column shows as buttons (RowActions' `maxInline`). */
  inline: number;
  /** Whether the table scrolls sideways with the 操作 column pinned. */
  pinned: boolean;
}

/** The ways of showing the 操作 column, widest first: `maxInline` buttons, one, none (menu only). */
export const inlineSteps = (maxInline: number): number[] => [...new Set([maxInline, Math.min(1, maxInline), 0])];

interface FitState {
  content: unknown;
  stepsKey: string;
  step: number;
  pinned: boolean;
  /** The table's width measured with each way (by index into the steps) that did not fit. */
  needs: readonly (number | undefined)[];
}

/** [the callback ref for the list's box, how its table fits]. `content`: the rows and columns shown. */
export function useTableFit(maxInline: number, content: unknown): [(box: HTMLElement | null) => (() => void) | undefined, TableFit] {
  const steps = inlineSteps(maxInline);
  const stepsKey = steps.join();
  const [state, setState] = useState<FitState>({ content, stepsKey, step: 0, pinned: false, needs: [] });
  // New content or new steps start over, widest way first.
  const current: FitState = state.content === content && state.stepsKey === stepsKey ? state : { content, stepsKey, step: 0, pinned: false, needs: [] };
  // Read by the observers' callback, which outlives renders.
  const latest = useRef({ fit: current, steps });
  useLayoutEffect(() => {
    latest.current = { fit: current, steps };
  });

  const ref = useCallback((box: HTMLElement | null) => {
    if (!box || typeof ResizeObserver === 'undefined') return undefined;
    const check = () => {
      const table = box.querySelector('table');
      if (!table) return;
      // The table's own scroll box (mantine-datatable's viewport): its parent's parent or so.
      let viewport: HTMLElement | null = table.parentElement;
      while (viewport && viewport !== box && viewport.scrollWidth <= viewport.clientWidth + 1 && getComputedStyle(viewport).overflowX === 'visible') viewport = viewport.parentElement;
      const available = (viewport && viewport !== box ? viewport.clientWidth : box.clientWidth) + 1;
      const { fit, steps: ways } = latest.current;
      const width = table.offsetWidth;
      const needs = width > available && fit.needs[fit.step] !== width ? Object.assign([...fit.needs], { [fit.step]: width }) : fit.needs;
      const fits = ways.findIndex((_, i) => needs[i] === undefined || needs[i]! <= available);
      const next: FitState = { ...fit, needs, ...(fits === -1 ? { step: ways.length - 1, pinned: true } : { step: fits, pinned: false }) };
      if (next.step !== fit.step || next.pinned !== fit.pinned || next.needs !== fit.needs) {
        latest.current = { fit: next, steps: ways };
        setState(next);
      }
    };
    const observer = new ResizeObserver(check);
    const watch = () => {
      observer.disconnect();
      observer.observe(box);
      const table = box.querySelector('table');
      if (table) observer.observe(table);
      check();
    };
    // The table is replaced as the list loads (and when its pin changes); its size is watched afresh.
    const tables = new MutationObserver(watch);
    tables.observe(box, { childList: true, subtree: true });
    watch();
    return () => {
      observer.disconnect();
      tables.disconnect();
    };
  }, []);
  return [ref, { inline: steps[current.step] ?? 0, pinned: current.pinned }];
}
