import { describe, expect, it } from 'vitest';
import { useApi } from '../setup/test-api.js';

describe('security headers and CORS of the REST API', () => {
  const api = useApi({ seed: false });

  it('sends no-sniff, frame denial, a CSP and no caching on API answers', async () => {
    const result = await api.request('POST', '/auth/login', { json: { username: 'x', password: 'yyyyyyyy' } });
    expect(result.headers.get('x-content-type-options')).toBe('nosniff');
    expect(result.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(result.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(result.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(result.headers.get('cache-control')).toBe('no-store');
    expect(result.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.headers.get('x-powered-by')).toBeNull();
  });

  it('keeps the request id it is given (the BFF passes its own on)', async () => {
    const result = await api.request('GET', '/health', { headers: { 'x-request-id': 'bff-req-42' } });
    expect(result.headers.get('x-request-id')).toBe('bff-req-42');
    const unsafe = await api.request('GET', '/health', { headers: { 'x-request-id': 'bad id <script>' } });
    // A fresh id replaces it (a UUID may itself contain the letters "bad", so compare with the whole format).
    expect(unsafe.headers.get('x-request-id')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it('is closed to cross-origin browsers by default', async () => {
    const preflight = await fetch(`${api.baseUrl}/api/auth/login`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const simple = await api.request('GET', '/health', { headers: { origin: 'https://evil.example' } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS when origins are configured', () => {
  const api = useApi({ seed: false, config: { corsOrigins: ['https://app.example'] } });

  it('allows exactly the configured origin', async () => {
    const allowed = await api.request('GET', '/health', { headers: { origin: 'https://app.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
    const other = await api.request('GET', '/health', { headers: { origin: 'https://other.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
