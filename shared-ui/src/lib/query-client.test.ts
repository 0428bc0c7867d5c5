import { ApiError, setLocale } from 'shared-api';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient, worthRetrying } from './query-client';

describe('createQueryClient', () => {
  afterEach(() => setLocale('en'));

  it('asks again for what it holds when the language is switched (the API answers in it)', async () => {
    const client = createQueryClient();
    client.setQueryData(['alerts'], { alerts: [] });
    expect(client.getQueryState(['alerts'])?.isInvalidated).toBe(false);
    await setLocale('ur');
    expect(client.getQueryState(['alerts'])?.isInvalidated).toBe(true);
  });

  it('leaves what it holds alone when the language stays', async () => {
    const client = createQueryClient();
    client.setQueryData(['alerts'], { alerts: [] });
    await setLocale('en');
    expect(client.getQueryState(['alerts'])?.isInvalidated).toBe(false);
  });
});

describe('worthRetrying', () => {
  it('tries again after a lost connection or a 5xx, never after a refusal, and twice at most', () => {
    expect(worthRetrying(0, new ApiError('gone', 'network'))).toBe(true);
    expect(worthRetrying(1, new ApiError('down', 'response', 503, true))).toBe(true);
    expect(worthRetrying(0, new ApiError('no', 'response', 409, true))).toBe(false);
    expect(worthRetrying(2, new ApiError('gone', 'network'))).toBe(false);
  });
});
