import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.ts';

const who = { userId: 7, tenantId: 1, stamp: 'stamp-1' };

describe('access tokens', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('answers a checked token again from memory, and refuses it once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T08:00:00Z'));
    const tokens = createTokenService('a-secret-of-enough-length-0123456789', 60);
    const { accessToken } = await tokens.issue(who);
    const first = await tokens.verify(accessToken);
    expect(first).toMatchObject({ userId: 7, tenantId: 1, stamp: 'stamp-1' });
    expect(await tokens.verify(accessToken)).toEqual(first);
    vi.setSystemTime(new Date('2026-11-24T08:01:01Z'));
    expect(await tokens.verify(accessToken)).toBeNull();
  });

  it('never remembers a token whose signature is wrong', async () => {
    const tokens = createTokenService('a-secret-of-enough-length-0123456789', 60);
    const other = createTokenService('another-secret-of-enough-length-0123', 60);
    const { accessToken } = await other.issue(who);
    expect(await tokens.verify(accessToken)).toBeNull();
    const [h, p, s] = (await tokens.issue(who)).accessToken.split('.');
    const tampered = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(tampered)).toBeNull();
    expect(await tokens.verify(tampered)).toBeNull();
  });
});

describe('device tokens (decision 0068)', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('a device sign-in (记住我) lives the device lifetime, an ordinary one the short one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T08:00:00Z'));
    const tokens = createTokenService('a-secret-of-enough-length-0123456789', 60, 3600);
    const plain = await tokens.issue(who);
    const device = await tokens.issue(who, { device: true });
    expect(plain.expireInSeconds).toBe(60);
    expect(device.expireInSeconds).toBe(3600);
    vi.setSystemTime(new Date('2026-11-24T08:30:00Z'));
    expect(await tokens.verify(plain.accessToken)).toBeNull();
    expect(await tokens.verify(device.accessToken)).toMatchObject({ userId: 7 });
    vi.setSystemTime(new Date('2026-11-24T09:00:01Z'));
    expect(await tokens.verify(device.accessToken)).toBeNull();
  });
});
