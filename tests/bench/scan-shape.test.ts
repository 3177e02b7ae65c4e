// The realistic scan bench's shape (issue 43 item 4, decision 0065): the sizes the issue asks for,
// arrivals interleaved across orders, every declared parcel scanned exactly once, and slots that are
// never shared.
import { describe, expect, it } from 'vitest';
import { makeShape, ORDER, PACKAGE, RECEIVE, sameOrderNeighbours, type Shape } from './scan-shape.ts';

const realistic = makeShape({ parcels: 100_000, shape: 'realistic', seed: 7 });

function bands(s: Shape): [number, number, number] {
  const b: [number, number, number] = [0, 0, 0];
  for (const n of s.orderSize) b[n === 1 ? 0 : n <= 3 ? 1 : 2]++;
  const O = s.orderSize.length;
  return [b[0] / O, b[1] / O, b[2] / O];
}

describe('the realistic scan shape', () => {
  it('has orders of 1 to 20 parcels: about half of one, a third of two or three, the rest of four to twenty', () => {
    const [one, twoThree, more] = bands(realistic);
    expect(one).toBeGreaterThan(0.47);
    expect(one).toBeLessThan(0.53);
    expect(twoThree).toBeGreaterThan(0.30);
    expect(twoThree).toBeLessThan(0.37);
    expect(more).toBeGreaterThan(0.14);
    expect(more).toBeLessThan(0.19);
    expect(Math.min(...realistic.orderSize)).toBe(1);
    expect(Math.max(...realistic.orderSize)).toBe(20);
    // The orders' parcels and the ones without an order (10 % by default) add up to the parcels asked for.
    const inOrders = realistic.orderSize.reduce((a, n) => a + n, 0);
    expect(inOrders).toBe(90_000);
    expect(realistic.parcelOrder.filter((k) => k < 0).length).toBe(10_000);
  });

  it('the other shapes: every order of 20 parcels, or of 2', () => {
    const twenty = makeShape({ parcels: 20_000, shape: 'twenty' });
    expect(new Set(twenty.orderSize)).toEqual(new Set([20]));
    const two = makeShape({ parcels: 20_000, shape: 'two' });
    expect(new Set(two.orderSize)).toEqual(new Set([2]));
  });

  it('scans every declared parcel exactly once, and no other', () => {
    for (const s of [realistic, makeShape({ parcels: 20_000, shape: 'twenty' }), makeShape({ parcels: 20_000, shape: 'two' })]) {
      const seen = new Uint8Array(s.parcelOrder.length);
      for (const p of s.stream) seen[p]!++;
      const wrong: number[] = [];
      for (let p = 0; p < seen.length; p++) if (seen[p] !== (s.parcelStatus[p] === RECEIVE.declared ? 1 : 0)) wrong.push(p);
      expect(wrong).toEqual([]);
      expect(s.stream.length).toBeGreaterThan(0);
    }
  });

  it('interleaves arrivals across orders: consecutive scans are rarely of one order, and the stream does not follow order ids', () => {
    for (const s of [realistic, makeShape({ parcels: 40_000, shape: 'twenty' }), makeShape({ parcels: 40_000, shape: 'two' })]) {
      expect(sameOrderNeighbours(s) / (s.stream.length - 1)).toBeLessThan(0.01);
      // Order ids (indices) along the stream go down about as often as up.
      let down = 0;
      let pairs = 0;
      let last = -1;
      for (const p of s.stream) {
        const k = s.parcelOrder[p]!;
        if (k < 0) continue;
        if (last >= 0 && k !== last) { pairs++; if (k < last) down++; }
        last = k;
      }
      expect(down / pairs).toBeGreaterThan(0.4);
    }
  });

  it("tags each scan with what it does to its order, in the stream's order", () => {
    const s = realistic;
    const remaining = Array.from(s.orderSize);
    s.parcelOrder.forEach((k, p) => { if (k >= 0 && s.parcelStatus[p] !== RECEIVE.declared) remaining[k]!--; });
    const wrong: string[] = [];
    for (let i = 0; i < s.stream.length; i++) {
      const k = s.parcelOrder[s.stream[i]!]!;
      const kind = s.streamKind[i];
      if (k < 0) { if (kind !== 'free') wrong.push(`${i}: ${kind} for no order`); continue; }
      const first = remaining[k] === s.orderSize[k];
      remaining[k]!--;
      const expected = first ? 'first' : remaining[k] === 0 ? 'last' : 'later';
      if (kind !== expected) wrong.push(`${i}: ${kind}, not ${expected}`);
      // A first scan is of an order still pending (待处理).
      if (first && s.orderStatus[k] !== ORDER.pending) wrong.push(`${i}: first scan of an order in status ${s.orderStatus[k]}`);
    }
    expect(wrong).toEqual([]);
    expect(remaining.every((n) => n === 0)).toBe(true);
    const kinds = new Set(s.streamKind);
    for (const k of ['free', 'first', 'later', 'last'] as const) expect(kinds.has(k)).toBe(true);
  });

  it('gives about parcels / 20 orders a slot, each its own, partly-arrived orders included', () => {
    const s = realistic;
    expect(s.counts.holding).toBe(5_000);
    const slots = new Set<number>();
    const wrong: string[] = [];
    for (let k = 0; k < s.orderSlot.length; k++) {
      const n = s.orderSlot[k]!;
      const open = s.orderStatus[k] === ORDER.processing;
      if ((n > 0) !== open) wrong.push(`order ${k} in status ${s.orderStatus[k]} with slot ${n}`);
      if (n > 0) { if (slots.has(n)) wrong.push(`slot ${n} shared`); slots.add(n); }
    }
    expect(slots.size).toBe(5_000);
    expect(s.maxSlot).toBe(Math.max(...slots));
    // A few numbers left free below the highest (about 3 %).
    expect(s.maxSlot - slots.size).toBeGreaterThan(0);
    expect((s.maxSlot - slots.size) / s.maxSlot).toBeLessThan(0.06);
    // Pending orders have no parcel here; partly arrived ones some; closed ones all.
    const statesOf = Array.from(s.orderSize, () => [] as number[]);
    s.parcelOrder.forEach((k, p) => { if (k >= 0) statesOf[k]!.push(s.parcelStatus[p]!); });
    for (let k = 0; k < s.orderSize.length; k++) {
      const states = statesOf[k]!;
      const declared = states.filter((x) => x === RECEIVE.declared).length;
      if (states.length !== s.orderSize[k]) wrong.push(`order ${k}: ${states.length} parcels, size ${s.orderSize[k]}`);
      if (s.orderStatus[k] === ORDER.pending && declared !== states.length) wrong.push(`pending order ${k} with a parcel here`);
      if (s.packageStatus[k] === PACKAGE.partial && (declared === 0 || declared === states.length)) wrong.push(`partial order ${k} with ${declared}/${states.length} declared`);
      if (s.orderStatus[k] !== ORDER.pending && s.packageStatus[k] !== PACKAGE.partial && declared > 0) wrong.push(`order ${k} (${s.orderStatus[k]}/${s.packageStatus[k]}) with declared parcels`);
    }
    expect(wrong).toEqual([]);
  });

  it('is the same for the same seed', () => {
    const a = makeShape({ parcels: 5_000, shape: 'realistic', seed: 3 });
    const b = makeShape({ parcels: 5_000, shape: 'realistic', seed: 3 });
    expect(Array.from(a.stream)).toEqual(Array.from(b.stream));
    expect(Array.from(a.orderSlot)).toEqual(Array.from(b.orderSlot));
  });
});
