// The realistic shape of the scan bench (issue 43 item 4, decision 0065): which orders exist, how many
// parcels each has, which of them have arrived, which orders hold a slot, and the order in which the
// parcels still to come will be scanned. Pure and seeded: tests/bench/scan-shape.test.ts checks it,
// tests/bench/scan.ts loads it into PostgreSQL or PGlite and scans it.
//
// The model, in "order units" of time (order k is created at time k, one order per unit):
// - sizes: `realistic` ≈ ½ one parcel, ⅓ two or three, ⅙ four to twenty (uniform within each band);
//   `twenty` all 20; `two` all 2. A share `freeShare` of the parcels belongs to no order (declared by a
//   seller ahead of an order, or signed, unclaimed, abnormal).
// - arrivals: each parcel of order k arrives at k + lead + U(0, spread): a seller creates the order
//   ahead of its parcels (lead), and they come over a spread of a tenth of the orders (at least 200)
//   so at any moment the parcels at the door come from thousands of orders, as from many shops and
//   couriers. Parcels without an order arrive uniformly over the whole history.
// - now = the number of orders (the last one was just created). A parcel that arrived before now is
//   signed; the others are declared, and the scan stream is them in arrival order: interleaved across
//   orders, never in order-id order. The lead is long enough for `scans` parcels to arrive after now
//   while every order they belong to already exists: the stream's first `scans` scans are a steady
//   state (an order's first, later and last parcels in their long-run shares).
// - an order with no parcel here is pending (待处理); with some, partial (处理中 / 部分到货) and holding a
//   slot; with all of them, it holds a slot while it waits to be packed, weighed and shipped: the most
//   recently completed ones (complete, packed, weighed) until `holding` orders hold slots, the older
//   ones shipped or completed (a few cancelled).
// - slots: the holding orders, in random order, get numbers from 1 up, a share `gapShare` of numbers
//   skipped (slots freed by orders shipped out of turn), as a warehouse that has run for a while has them.

export type ScanShapeName = 'realistic' | 'twenty' | 'two';
export const SCAN_SHAPES: readonly ScanShapeName[] = ['realistic', 'twenty', 'two'];

export interface ShapeOptions {
  parcels: number;
  shape: ScanShapeName;
  /** Share of the parcels that belong to no order (default 0.1). */
  freeShare?: number;
  /** Orders holding a slot at the start (default parcels / 20, at most 30 % of the orders; never fewer than the partial ones). */
  holding?: number;
  /** Share of slot numbers left free below the highest one taken (default 0.03). */
  gapShare?: number;
  /** Scans the bench wants from the stream's steady head (default 80 000; the lead is at most half the orders). */
  scans?: number;
  seed?: number;
}

/** What a declared parcel's scan does to its order, as the stream's order has it. */
export type ScanKind = 'free' | 'first' | 'later' | 'last';
export const SCAN_KINDS: readonly ScanKind[] = ['free', 'first', 'later', 'last'];
export const SCAN_KIND_LABEL: Record<ScanKind, string> = {
  free: 'no order',
  first: "an order's first (takes a slot)",
  later: "an order's later one",
  last: "an order's last (completes it)",
};

export const ORDER = { pending: 1, processing: 2, shipped: 4, completed: 5, cancelled: 6 } as const;
export const PACKAGE = { awaiting: 0, partial: 1, complete: 2, packed: 3, weighed: 4, dispatched: 5 } as const;
export const RECEIVE = { declared: 0, signed: 1, stored: 2, returned: 4, unclaimed: 5, abnormal: 6 } as const;

export interface Shape {
  name: ScanShapeName;
  /** Per order (index k): its parcels, status, package status, slot number (0: none), creation time (units). */
  orderSize: Uint8Array;
  orderStatus: Uint8Array;
  packageStatus: Uint8Array;
  orderSlot: Int32Array;
  /** Per parcel (index p): its order (-1: none), receive status, arrival time (units). */
  parcelOrder: Int32Array;
  parcelStatus: Uint8Array;
  parcelArrival: Float64Array;
  /** The declared parcels in the order they will be scanned, and what each scan does to its order. */
  stream: Int32Array;
  streamKind: ScanKind[];
  /** The time "now" (units) and the span of the history (units from 0 to the last arrival). */
  now: number;
  span: number;
  /** The highest slot number taken. */
  maxSlot: number;
  counts: { orders: number; pending: number; partial: number; holding: number; closed: number; packed: number };
}

/** mulberry32: a small seeded generator, enough for a bench's data. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function orderSize(shape: ScanShapeName, r: () => number): number {
  if (shape === 'twenty') return 20;
  if (shape === 'two') return 2;
  const u = r();
  if (u < 1 / 2) return 1;
  if (u < 5 / 6) return 2 + Math.floor(r() * 2);
  return 4 + Math.floor(r() * 17);
}

export function makeShape(opt: ShapeOptions): Shape {
  const r = seeded(opt.seed ?? 43);
  const P = Math.max(10, Math.round(opt.parcels));
  const freeShare = Math.min(0.9, Math.max(0, opt.freeShare ?? 0.1));
  const gapShare = Math.min(0.5, Math.max(0, opt.gapShare ?? 0.03));
  const orderParcels = Math.max(1, Math.round(P * (1 - freeShare)));

  // Orders and their sizes; the last one cut to fit.
  const sizes: number[] = [];
  for (let left = orderParcels; left > 0;) {
    const n = Math.min(left, orderSize(opt.shape, r));
    sizes.push(n);
    left -= n;
  }
  const O = sizes.length;
  const spread = Math.max(200, O / 10);
  const lead = Math.min(O / 2, ((opt.scans ?? 80_000) * O) / P);
  const now = O;
  const span = O + lead + spread;

  // Parcels: the orders' first (in order of their orders), then the ones without an order.
  const parcelOrder = new Int32Array(P).fill(-1);
  const parcelArrival = new Float64Array(P);
  const parcelStatus = new Uint8Array(P);
  const arrived = new Int32Array(O);
  const firstArrival = new Float64Array(O).fill(Infinity);
  const lastArrival = new Float64Array(O).fill(-Infinity);
  let p = 0;
  for (let k = 0; k < O; k++) {
    for (let j = 0; j < sizes[k]!; j++, p++) {
      const t = k + lead + r() * spread;
      parcelOrder[p] = k;
      parcelArrival[p] = t;
      if (t <= now) arrived[k]!++;
      if (t < firstArrival[k]!) firstArrival[k] = t;
      if (t > lastArrival[k]!) lastArrival[k] = t;
    }
  }
  for (; p < P; p++) parcelArrival[p] = r() * span;

  // Orders' states at now.
  const orderStatus = new Uint8Array(O);
  const packageStatus = new Uint8Array(O);
  const orderSlot = new Int32Array(O);
  const holders: number[] = [];
  const complete: number[] = [];
  let pending = 0;
  let partial = 0;
  for (let k = 0; k < O; k++) {
    const a = arrived[k]!;
    if (a === 0) { orderStatus[k] = ORDER.pending; packageStatus[k] = PACKAGE.awaiting; pending++; }
    else if (a < sizes[k]!) { orderStatus[k] = ORDER.processing; packageStatus[k] = PACKAGE.partial; holders.push(k); partial++; }
    else complete.push(k);
  }
  const target = Math.round(opt.holding ?? Math.min(P / 20, O * 0.3));
  // The most recently completed orders are still here; the rest have left.
  complete.sort((x, y) => lastArrival[y]! - lastArrival[x]!);
  const stay = Math.max(0, Math.min(complete.length, target - partial));
  let packed = 0;
  let closed = 0;
  for (let i = 0; i < complete.length; i++) {
    const k = complete[i]!;
    if (i < stay) {
      const u = r();
      orderStatus[k] = ORDER.processing;
      packageStatus[k] = u < 0.5 ? PACKAGE.complete : u < 0.85 ? PACKAGE.packed : PACKAGE.weighed;
      if (packageStatus[k] === PACKAGE.packed) packed++;
      holders.push(k);
    } else {
      const u = r();
      orderStatus[k] = u < 0.02 ? ORDER.cancelled : u < 0.5 ? ORDER.shipped : ORDER.completed;
      packageStatus[k] = orderStatus[k] === ORDER.cancelled ? PACKAGE.awaiting : PACKAGE.dispatched;
      closed++;
    }
  }

  // Slots: holders in random order, numbers from 1 up with a few left free.
  for (let i = holders.length - 1; i > 0; i--) { const j = Math.floor(r() * (i + 1)); [holders[i], holders[j]] = [holders[j]!, holders[i]!]; }
  let n = 0;
  for (const k of holders) {
    n++;
    while (r() < gapShare) n++;
    orderSlot[k] = n;
  }

  // Parcels' states, and the stream.
  const declared: number[] = [];
  for (let q = 0; q < P; q++) {
    const k = parcelOrder[q]!;
    const t = parcelArrival[q]!;
    if (k < 0) {
      if (t > now) { parcelStatus[q] = RECEIVE.declared; declared.push(q); }
      else { const u = r(); parcelStatus[q] = u < 0.45 ? RECEIVE.signed : u < 0.8 ? RECEIVE.stored : u < 0.9 ? RECEIVE.unclaimed : RECEIVE.abnormal; }
    } else if (t > now) {
      parcelStatus[q] = RECEIVE.declared;
      declared.push(q);
    } else {
      const st = orderStatus[k]!;
      parcelStatus[q] = st === ORDER.cancelled ? RECEIVE.returned : st === ORDER.processing ? RECEIVE.signed : RECEIVE.stored;
    }
  }
  declared.sort((x, y) => parcelArrival[x]! - parcelArrival[y]!);
  const stream = Int32Array.from(declared);
  const left = Int32Array.from(sizes).map((s, k) => s - arrived[k]!);
  const streamKind: ScanKind[] = new Array<ScanKind>(stream.length);
  for (let i = 0; i < stream.length; i++) {
    const k = parcelOrder[stream[i]!]!;
    if (k < 0) { streamKind[i] = 'free'; continue; }
    const first = left[k] === sizes[k];
    left[k]!--;
    streamKind[i] = first ? 'first' : left[k] === 0 ? 'last' : 'later';
  }

  return {
    name: opt.shape, orderSize: Uint8Array.from(sizes), orderStatus, packageStatus, orderSlot, parcelOrder, parcelStatus, parcelArrival,
    stream, streamKind, now, span, maxSlot: n,
    counts: { orders: O, pending, partial, holding: holders.length, closed, packed },
  };
}

/** One line about a shape, for the bench's notes. */
export function describeShape(s: Shape): string {
  const bands = [0, 0, 0];
  for (const n of s.orderSize) bands[n === 1 ? 0 : n <= 3 ? 1 : 2]!++;
  const O = s.orderSize.length;
  const kinds = new Map<ScanKind, number>();
  for (const k of s.streamKind) kinds.set(k, (kinds.get(k) ?? 0) + 1);
  const pct = (x: number, of: number) => `${((x / Math.max(1, of)) * 100).toFixed(1)} %`;
  return `shape ${s.name}: ${s.parcelOrder.length} parcels, ${O} orders (1 parcel ${pct(bands[0]!, O)}, 2–3 ${pct(bands[1]!, O)}, 4–20 ${pct(bands[2]!, O)}); `
    + `${s.counts.pending} pending, ${s.counts.partial} partly arrived, ${s.counts.holding} holding slots (highest H${s.maxSlot}, ${s.counts.packed} packed), ${s.counts.closed} closed; `
    + `${s.stream.length} declared parcels to scan, interleaved (consecutive scans of one order ${pct(sameOrderNeighbours(s), Math.max(1, s.stream.length - 1))}): `
    + SCAN_KINDS.map((k) => `${SCAN_KIND_LABEL[k]} ${pct(kinds.get(k) ?? 0, s.stream.length)}`).join(', ');
}

/** Pairs of consecutive scans in the stream of the same order. */
export function sameOrderNeighbours(s: Shape): number {
  let same = 0;
  for (let i = 1; i < s.stream.length; i++) {
    const a = s.parcelOrder[s.stream[i - 1]!]!;
    if (a >= 0 && a === s.parcelOrder[s.stream[i]!]) same++;
  }
  return same;
}
