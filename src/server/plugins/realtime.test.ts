import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { originAllowed } from './realtime.ts';

const handshake = (origin: string | undefined, host = 'wms.example.com', protocol = 'https') =>
  ({ headers: origin === undefined ? {} : { origin }, host, protocol }) as unknown as FastifyRequest;

describe('/signalr Origin check', () => {
  it('accepts the app\'s own origin, as the Host header (or the proxy\'s X-Forwarded-Host) names it', () => {
    expect(originAllowed(handshake('https://wms.example.com'), [])).toBe(true);
    expect(originAllowed(handshake('http://127.0.0.1:3000', '127.0.0.1:3000', 'http'), [])).toBe(true);
  });

  it('refuses another site, another scheme or port of the same host, and a malformed Origin', () => {
    expect(originAllowed(handshake('https://evil.example'), [])).toBe(false);
    expect(originAllowed(handshake('http://wms.example.com'), [])).toBe(false);
    expect(originAllowed(handshake('https://wms.example.com:8443'), [])).toBe(false);
    expect(originAllowed(handshake('null'), [])).toBe(false);
  });

  it('accepts the origins listed in CORS_ORIGINS, and clients that send no Origin (not browsers)', () => {
    expect(originAllowed(handshake('https://console.example.net'), ['https://console.example.net'])).toBe(true);
    expect(originAllowed(handshake(undefined), [])).toBe(true);
  });
});
