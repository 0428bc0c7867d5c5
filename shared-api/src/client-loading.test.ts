import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from './contract/messages';

afterEach(() => {
  vi.doUnmock('axios');
  vi.resetModules();
});

/** The client module afresh, with axios failing to load the first `failures` times the client asks for it. */
async function clientWithFlakyAxios(failures: number) {
  vi.resetModules();
  let failing = false;
  let left = failures;
  let loads = 0;
  vi.doMock('axios', async (importOriginal) => {
    const actual = await importOriginal<typeof import('axios')>();
    return {
      ...actual,
      get default() {
        if (failing) {
          loads += 1;
          if (left > 0) {
            left -= 1;
            throw new TypeError('Failed to fetch dynamically imported module: axios.js');
          }
        }
        return actual.default;
      },
    };
  });
  // the fake adapter installs itself on axios's defaults, which every instance starts from
  const { answer } = await import('./testing/fake-http');
  answer(() => ({ status: 200, data: { ok: true } }));
  const client = await import('./client');
  const { setRuntimeConfig } = await import('./config');
  setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
  failing = true;
  return { client, loads: () => loads };
}

describe('loading the HTTP client', () => {
  it('says the API could not be reached when the client fails to load, and loads it again on the next call', async () => {
    const { client, loads } = await clientWithFlakyAxios(1);

    const first = await client.apiRequest('/api/health').catch((error: unknown) => error);
    expect(first).toBeInstanceOf(client.ApiError);
    expect(first).toMatchObject({ kind: 'network', message: MESSAGES.noResponse });

    await expect(client.apiRequest('/api/health')).resolves.toMatchObject({ data: { ok: true } });
    expect(loads()).toBe(2);
  });

  it('preloadClient loads the client before the first call and keeps quiet about a failure, which the next call retries', async () => {
    const { client, loads } = await clientWithFlakyAxios(1);
    client.preloadClient();
    await vi.waitFor(() => expect(loads()).toBe(1));

    await expect(client.apiRequest('/api/health')).resolves.toMatchObject({ data: { ok: true } });
    expect(loads()).toBe(2);
    // loaded now: later calls reuse it
    await client.apiRequest('/api/health');
    expect(loads()).toBe(2);
  });
});
