// 拣货打包's walking order (issue 45 §12): a pick list in the order a picker walks the shelves, by
// location code read naturally — zone, then row, then shelf (A-2-10 after A-2-9, B-1-1 after A-10-1).
// A code is split into runs of letters and of digits; digit runs compare as numbers. Lines without a
// location go last (the picker asks where they are), then by SKU.

type Part = string | number;

function partsOf(code: string): Part[] {
  return (code.toUpperCase().match(/[A-Z]+|\d+|[^\sA-Z\d\-_./]+/g) ?? []).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** Negative when location `a` comes before `b` on the walk; null (no location) after every location. */
export function compareLocations(a: string | null | undefined, b: string | null | undefined): number {
  const x = a?.trim() || null;
  const y = b?.trim() || null;
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  const p = partsOf(x);
  const q = partsOf(y);
  for (let i = 0; i < Math.min(p.length, q.length); i++) {
    const u = p[i]!;
    const v = q[i]!;
    if (u === v) continue;
    // A number before letters at the same place (A-1 before A-B); otherwise numbers by value, letters by code.
    if (typeof u === 'number' && typeof v === 'number') return u - v;
    if (typeof u === 'number') return -1;
    if (typeof v === 'number') return 1;
    return u < v ? -1 : 1;
  }
  return p.length - q.length || (x < y ? -1 : x > y ? 1 : 0);
}

/** The lines in walking order (a new array). */
export function inWalkingOrder<T extends { shelfPosition: string | null; productSku: string }>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) => compareLocations(a.shelfPosition, b.shelfPosition) || (a.productSku < b.productSku ? -1 : a.productSku > b.productSku ? 1 : 0));
}
