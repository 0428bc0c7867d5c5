import { Writable } from 'node:stream';
import { CLIENT_ERROR_DETAIL_MAX, CLIENT_ERROR_MESSAGES, MESSAGES } from 'shared-api/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { BuildAppOptions } from '../app';
import { createTestApp, signInAs, type TestApp } from '../test/helpers';

interface LogLine {
  level: number;
  event?: string;
  kind?: string;
  remote?: string;
  detail?: string;
  userId?: string | null;
}

/** The app with its real logger, writing JSON lines to memory. */
async function appWithLog(options: Partial<BuildAppOptions> = {}) {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  const t = await createTestApp({ logger: { level: 'info', stream }, ...options });
  const clientErrors = () =>
    text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.event === 'client-error');
  return { t, clientErrors };
}

const REPORT = {
  kind: 'remote-incompatible',
  remote: 'manager',
  detail:
    'The manager area needs a newer app (shared-api 99.0 or later; this one has 3.1). Reload later, or ask the admin.',
};

const report = (t: TestApp, payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/client-errors',
    payload,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

describe('POST /api/client-errors', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers 204 and writes one log line an operator can alert on', async () => {
    const log = await appWithLog();
    t = log.t;
    const res = await report(t, REPORT);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(log.clientErrors()).toEqual([expect.objectContaining({ level: 40, ...REPORT, userId: null })]);
  });

  it("names the signed-in user, not a user the body names, and takes a stale token as nobody's", async () => {
    const log = await appWithLog();
    t = log.t;
    const { user, token } = await signInAs(t.app, 'agent');
    expect((await report(t, { ...REPORT, userId: 'someone-else', event: 'other' }, token)).statusCode).toBe(204);
    expect((await report(t, REPORT, 'not-a-token')).statusCode).toBe(204);
    expect(log.clientErrors()).toEqual([
      expect.objectContaining({ event: 'client-error', userId: user.id }),
      expect.objectContaining({ event: 'client-error', userId: null }),
    ]);
  });

  it('refuses a report it cannot read with a 400 and a message, and logs nothing', async () => {
    const log = await appWithLog();
    t = log.t;
    const refused = [
      { ...REPORT, kind: 'anything' },
      { ...REPORT, remote: 'billing' },
      { kind: REPORT.kind, remote: REPORT.remote },
      { ...REPORT, detail: 'x'.repeat(CLIENT_ERROR_DETAIL_MAX + 1) },
      { ...REPORT, detail: { nested: true } },
    ];
    for (const payload of refused) {
      const res = await report(t, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message: CLIENT_ERROR_MESSAGES.reportInvalid });
    }
    expect(log.clientErrors()).toEqual([]);
  });

  it('limits reports per address', async () => {
    const log = await appWithLog({ rateLimits: { clientErrors: { max: 2, timeWindow: 60_000 } } });
    t = log.t;
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await report(t, REPORT)).statusCode);
    expect(codes).toEqual([204, 204, 429]);
    expect((await report(t, REPORT)).json()).toEqual({ message: MESSAGES.tooManyRequests });
    expect(log.clientErrors()).toHaveLength(2);
  });
});
