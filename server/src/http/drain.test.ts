import { MESSAGES } from 'shared-api/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, type TestApp } from '../test/helpers';
import { drainOnStop } from './drain';

describe('draining before a stop', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers the health check 503 once draining, and every other request as before', async () => {
    t = await createTestApp();
    const drain = drainOnStop(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    drain.start();

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable', message: MESSAGES.apiStopping });
    const user = await injectAs(t.app, 'agent', { method: 'GET', url: '/api/user' });
    expect(user.statusCode).toBe(200);
  });
});
