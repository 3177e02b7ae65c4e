import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';

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
  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
