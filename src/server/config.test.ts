import { describe, expect, it } from 'vitest';
import path from 'node:path';
import os from 'node:os';
import { ConfigError, defaultPoolSize, loadConfig, SANDBOX_PARTNER, startupWarnings } from './config.ts';
import { fileStoreKind } from './modules/files/storage.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: path.resolve('./data'), databaseUrl: undefined, tokenSecret: undefined, logLevel: 'info' });
  });
  it('refuses nonsense with a message naming each variable', () => {
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', TOKEN_SECRET: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', TOKEN_SECRET: 'short' });
    } catch (e) {
      for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'TOKEN_SECRET']) expect((e as Error).message).toContain(name);
    }
  });
  it('reads the sign-in limit, the trusted proxies and the extra origins (decision 0017)', () => {
    expect(loadConfig({})).toMatchObject({ signInAttemptsPerMinute: 30, trustProxy: 'loopback,linklocal,uniquelocal', corsOrigins: [] });
    const c = loadConfig({ SIGN_IN_ATTEMPTS_PER_MINUTE: '200', TRUST_PROXY: 'false', CORS_ORIGINS: 'https://a.example, https://b.example,' });
    expect(c).toMatchObject({ signInAttemptsPerMinute: 200, trustProxy: false, corsOrigins: ['https://a.example', 'https://b.example'] });
    expect(() => loadConfig({ SIGN_IN_ATTEMPTS_PER_MINUTE: '0' })).toThrow(/SIGN_IN_ATTEMPTS_PER_MINUTE/);
  });
  it('sizes the request pool by the cores unless DB_POOL_SIZE says (decision 0053)', () => {
    expect([1, 2, 3, 4, 5, 8, 64].map(defaultPoolSize)).toEqual([10, 20, 20, 20, 20, 20, 20]);
    expect(defaultPoolSize(0)).toBe(10);
    expect(loadConfig({}).dbPoolSize).toBe(defaultPoolSize(os.availableParallelism()));
    expect(loadConfig({ DB_POOL_SIZE: '3' }).dbPoolSize).toBe(3);
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
  });
  it('keeps files where the database says unless FILE_STORE does, and never in an embedded database (issue 46 §1)', () => {
    const postgres = { kind: 'postgres' } as const;
    const embedded = { kind: 'pglite' } as const;
    expect(loadConfig({}).fileStore).toBeUndefined();
    expect(fileStoreKind(loadConfig({}), embedded)).toBe('disk');
    expect(fileStoreKind(loadConfig({ DATABASE_URL: 'postgres://db/haicang' }), postgres)).toBe('postgres');
    expect(fileStoreKind(loadConfig({ DATABASE_URL: 'postgres://db/haicang', FILE_STORE: 'disk' }), postgres)).toBe('disk');
    expect(() => loadConfig({ FILE_STORE: 'postgres' })).toThrow(/FILE_STORE: postgres needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/haicang', FILE_STORE: 's3' })).toThrow(/FILE_STORE/);
  });
  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
  it('turns the test payment page on by default only on the embedded database, and warns whenever it is on', () => {
    const embedded = loadConfig({});
    expect(embedded).toMatchObject({ paymentProvider: 'test', testPaymentDailyCapPoints: 10_000 });
    expect(startupWarnings(embedded).join('\n')).toContain('PAYMENT_PROVIDER=test');
    const server = loadConfig({ DATABASE_URL: 'postgres://db/haicang' });
    expect(server.paymentProvider).toBe('none');
    expect(startupWarnings(server)).toEqual([]);
    const chosen = loadConfig({ DATABASE_URL: 'postgres://db/haicang', PAYMENT_PROVIDER: 'test', PAYMENT_TEST_DAILY_CAP: '500' });
    expect(chosen).toMatchObject({ paymentProvider: 'test', testPaymentDailyCapPoints: 500 });
    expect(startupWarnings(chosen).join('\n')).toContain('500 points');
    expect(loadConfig({ PAYMENT_PROVIDER: 'none' }).paymentProvider).toBe('none');
    for (const env of [{ PAYMENT_PROVIDER: 'paypal' }, { PAYMENT_TEST_DAILY_CAP: '0' }]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });
  it('reads CORS_ORIGINS as a list of origins, none by default, and refuses a path or a wildcard', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'http://localhost:4200, https://console.example.com/' }).corsOrigins)
      .toEqual(['http://localhost:4200', 'https://console.example.com']);
    for (const bad of ['*', 'https://console.example.com/app', 'console.example.com']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });

  it('uses the built-in fake Shopee with its test partner unless SHOPEE_HOST names a platform (decision 0028)', () => {
    expect(loadConfig({}).shopee).toEqual({ mode: 'sandbox', host: undefined, partnerId: SANDBOX_PARTNER.id, partnerKey: SANDBOX_PARTNER.key, syncMinutes: 5 });
    expect(loadConfig({ SHOPEE_PARTNER_ID: '2001887', SHOPEE_PARTNER_KEY: 'partner-key-123' }).shopee)
      .toMatchObject({ mode: 'sandbox', host: undefined, partnerId: 2001887, partnerKey: 'partner-key-123' });
    expect(loadConfig({ SHOPEE_HOST: 'https://partner.shopeemobile.com/', SHOPEE_PARTNER_ID: '2001887', SHOPEE_PARTNER_KEY: 'partner-key-123', SHOPEE_SYNC_MINUTES: '0' }).shopee)
      .toEqual({ mode: 'platform', host: 'https://partner.shopeemobile.com', partnerId: 2001887, partnerKey: 'partner-key-123', syncMinutes: 0 });
    // The test partner never goes to the real platform.
    expect(() => loadConfig({ SHOPEE_HOST: 'https://partner.shopeemobile.com' })).toThrow(/SHOPEE_HOST/);
    expect(() => loadConfig({ SHOPEE_HOST: 'partner.shopeemobile.com', SHOPEE_PARTNER_ID: '1', SHOPEE_PARTNER_KEY: 'partner-key-123' })).toThrow(/SHOPEE_HOST/);
  });

  it('turns the fake Shopee on by default only on the embedded database, with DATABASE_URL only when SHOPEE_HOST=sandbox, and warns whenever it is on (issue 42)', () => {
    const embedded = loadConfig({});
    expect(startupWarnings(embedded).join('\n')).toContain('SHOPEE_HOST=sandbox');
    const server = loadConfig({ DATABASE_URL: 'postgres://db/haicang' });
    expect(server.shopee).toMatchObject({ mode: 'off', host: undefined });
    expect(startupWarnings(server).join('\n')).not.toContain('SHOPEE');
    const chosen = loadConfig({ DATABASE_URL: 'postgres://db/haicang', SHOPEE_HOST: 'sandbox' });
    expect(chosen.shopee).toMatchObject({ mode: 'sandbox', host: undefined, partnerId: SANDBOX_PARTNER.id });
    expect(startupWarnings(chosen).join('\n')).toContain('/shopee-sandbox');
    const real = loadConfig({ DATABASE_URL: 'postgres://db/haicang', SHOPEE_HOST: 'https://partner.shopeemobile.com', SHOPEE_PARTNER_ID: '2001887', SHOPEE_PARTNER_KEY: 'partner-key-123' });
    expect(real.shopee.mode).toBe('platform');
    expect(startupWarnings(real).join('\n')).not.toContain('SHOPEE');
  });

  it('reads METRICS_TOKEN, none by default, and refuses a short one or one with spaces; DRAIN_DELAY_SECONDS, 0 by default', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'scrape-0123456789abcdef' }).metricsToken).toBe('scrape-0123456789abcdef');
    for (const bad of ['short-token', 'sixteen chars with spaces']) expect(() => loadConfig({ METRICS_TOKEN: bad }), bad).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({}).drainDelaySeconds).toBe(0);
    expect(loadConfig({ DRAIN_DELAY_SECONDS: '10' }).drainDelaySeconds).toBe(10);
    expect(() => loadConfig({ DRAIN_DELAY_SECONDS: '-1' })).toThrow(/DRAIN_DELAY_SECONDS/);
  });
});
