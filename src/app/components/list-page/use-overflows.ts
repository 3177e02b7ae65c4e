// Whether a list's table is wider than the box it scrolls in (it does not fit): watched as the box
// and the table change size (window, menu collapsed, rows loaded, columns chosen).
import { useCallback, useState } from 'react';

/** [the callback ref for the list's box, whether its table overflows]. */
export function useOverflows(): [(box: HTMLElement | null) => (() => void) | undefined, boolean] {
  const [overflows, setOverflows] = useState(false);
  const ref = useCallback((box: HTMLElement | null) => {
    if (!box || typeof ResizeObserver === 'undefined') return undefined;
    const check = () => {
      const table = box.querySelector('table');
      // The table's own scroll box (mantine-datatable's viewport): its parent's parent or so.
      let viewport: HTMLElement | null = table?.parentElement ?? null;
      while (viewport && viewport !== box && viewport.scrollWidth <= viewport.clientWidth + 1 && getComputedStyle(viewport).overflowX === 'visible') viewport = viewport.parentElement;
      const width = viewport && viewport !== box ? viewport.clientWidth : box.clientWidth;
      setOverflows(!!table && table.offsetWidth > width + 1);
    };
    const observer = new ResizeObserver(check);
    const watch = () => {
      observer.disconnect();
      observer.observe(box);
      const table = box.querySelector('table');
      if (table) observer.observe(table);
      check();
    };
    // The table is replaced as the list loads; its size is watched afresh.
    const tables = new MutationObserver(watch);
    tables.observe(box, { childList: true, subtree: true });
    watch();
    return () => {
      observer.disconnect();
      tables.disconnect();
    };
  }, []);
  return [ref, overflows];
}
