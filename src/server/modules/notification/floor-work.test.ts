import { describe, expect, it } from 'vitest';
import { floorWorkPayloads } from './repository.ts';

describe('floorWorkPayloads', () => {
  it('names every seller once, in payloads of at most 500, and always sends one for the staff', () => {
    expect(floorWorkPayloads(3, []).map((p) => JSON.parse(p))).toEqual([{ w: 3, u: [] }]);
    expect(floorWorkPayloads(3, [7, 9]).map((p) => JSON.parse(p))).toEqual([{ w: 3, u: [7, 9] }]);
    const many = Array.from({ length: 1201 }, (_, i) => 1_000_000 + i);
    const payloads = floorWorkPayloads(3, many);
    expect(payloads).toHaveLength(3);
    expect(payloads.flatMap((p) => (JSON.parse(p) as { u: number[] }).u)).toEqual(many);
    // NOTIFY refuses payloads of 8000 bytes or more.
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
  });
});
