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
  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
  it('reads CORS_ORIGINS as a list of origins, none by default, and refuses a path or a wildcard', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'http://localhost:4200, https://console.example.com/' }).corsOrigins)
      .toEqual(['http://localhost:4200', 'https://console.example.com']);
    for (const bad of ['*', 'https://console.example.com/app', 'console.example.com']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });
});
