import { TOTAL_COUNT_HEADER } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_APP_ORIGINS } from '../config';
import { createTestApp, type TestApp } from '../test/helpers';

const preflight = (t: TestApp, origin: string, method = 'PUT') =>
  t.app.inject({
    method: 'OPTIONS',
    url: '/api/user',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
    },
  });

describe('CORS with the default origins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('allows each of the four local app origins, for every method the screens use', async () => {
    expect(DEFAULT_APP_ORIGINS).toEqual([
      'http://localhost:3000',
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
    ]);
    for (const origin of DEFAULT_APP_ORIGINS) {
      const res = await preflight(t, origin);
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(String(res.headers['access-control-allow-methods'])).toMatch(/PUT/);
      expect(String(res.headers['access-control-allow-headers'])).toMatch(/authorization/i);
    }
    expect(
      String((await preflight(t, 'http://localhost:3000', 'DELETE')).headers['access-control-allow-methods']),
    ).toMatch(/DELETE/);
  });

  it('does not allow another origin', async () => {
    const res = await preflight(t, 'https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'http://localhost:4000' } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("exposes X-Total-Count and a download's file name (Content-Disposition) to the allowed origins", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'http://localhost:3001' } });
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3001');
    expect(String(res.headers['access-control-expose-headers'])).toContain(TOTAL_COUNT_HEADER);
    expect(String(res.headers['access-control-expose-headers'])).toContain('Content-Disposition');
  });
});

describe('CORS with configured origins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ appOrigins: ['https://app.example.com'] });
  });
  afterAll(() => t.close());

  it('allows only the configured origins', async () => {
    expect((await preflight(t, 'https://app.example.com')).headers['access-control-allow-origin']).toBe(
      'https://app.example.com',
    );
    expect((await preflight(t, 'http://localhost:3000')).headers['access-control-allow-origin']).toBeUndefined();
  });
});
