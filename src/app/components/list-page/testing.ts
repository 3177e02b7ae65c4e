// Test support for screens built with the kit. jsdom has no matchMedia and the shared setup stubs
// it as "never matches", but mantine-datatable hides every column whose media query does not match
// (it asks for "" when a column has none, which real browsers match). This stand-in answers like a
// browser window of the given width, so tables render their cells and the phone layout can be tested.
// (Element.scrollTo is stubbed too.)
export function emulateViewport(width = 1280): void {
  // mantine-datatable scrolls back to the top on a page change; jsdom has no scrolling.
  Element.prototype.scrollTo ??= () => {};
  const toPx = (value: string, unit: string) => Number(value) * (unit === 'em' || unit === 'rem' ? 16 : 1);
  const matches = (query: string): boolean => {
    if (!query.trim()) return true;
    // Width features are answered for the emulated window; any other feature (reduced motion,
    // dark scheme, hover…) does not match, as in a default desktop browser.
    return query.split(/\band\b/).every((part) => {
      const m = /(min|max)-width:\s*([\d.]+)(px|em|rem)/.exec(part);
      if (!m) return false;
      const px = toPx(m[2]!, m[3]!);
      return m[1] === 'min' ? width >= px : width <= px;
    });
  };
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query), media: query, onchange: null,
      addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
    }) as MediaQueryList;
}
