import { describe, expect, it } from 'vitest';
import { createSealer } from './sealed.ts';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';

describe('sealed values', () => {
  it('round-trips, never stores the plain text, and differs each time', () => {
    const sealer = createSealer(SECRET, 'shopee-tokens');
    const a = sealer.seal('token-123');
    const b = sealer.seal('token-123');
    expect(a).toMatch(/^v1\./);
    expect(a).not.toContain('token-123');
    expect(a).not.toBe(b);
    expect(sealer.open(a)).toBe('token-123');
    expect(sealer.open(b)).toBe('token-123');
  });

  it('reads a value written before sealing as it is', () => {
    expect(createSealer(SECRET, 'shopee-tokens').open('plain-old-token')).toBe('plain-old-token');
  });

  it('refuses a tampered value, another purpose\'s key and another secret', () => {
    const sealer = createSealer(SECRET, 'shopee-tokens');
    const sealed = sealer.seal('token-123');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => sealer.open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => createSealer(SECRET, 'another-purpose').open(sealed)).toThrow();
    expect(() => createSealer(`${SECRET}-rotated`, 'shopee-tokens').open(sealed)).toThrow();
    expect(() => sealer.open('v1.only-two.parts')).toThrow();
  });
});
