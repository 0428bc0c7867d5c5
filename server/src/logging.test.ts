import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helpers';

interface LogLine {
  msg?: string;
  req?: { method?: string; url?: string };
  err?: { message?: string; stack?: string };
}

/** The app with its real logger, writing JSON lines to memory. */
async function appWithLog(): Promise<{ t: TestApp; lines: () => LogLine[]; text: () => string }> {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  const t = await createTestApp({ logger: { level: 'info', stream } });
  return {
    t,
    text: () => text,
    lines: () =>
      text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as LogLine),
  };
}

describe('the request log', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('names the path a request asked for but not its query string', async () => {
    const log = await appWithLog();
    t = log.t;
    const res = await t.app.inject({ method: 'GET', url: '/api/health?sig=secret-signature&expires=1' });
    expect(res.statusCode).toBe(200);

    const incoming = log.lines().find((line) => line.msg === 'incoming request');
    expect(incoming?.req).toMatchObject({ method: 'GET', url: '/api/health' });
    expect(log.text()).not.toContain('secret-signature');
    expect(log.text()).not.toContain('sig=');
  });

  it("keeps a private image's signed link out of the log, also when the request is refused", async () => {
    const log = await appWithLog();
    t = log.t;
    // a valid signature for an image that is not there: refused with 404 and logged as such
    const link = new URL(t.app.privateLinks.url('http://localhost:8000', 'missing.webp'));
    const sig = link.searchParams.get('sig') ?? '';
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    const res = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(404);

    expect(log.lines().some((line) => line.msg === 'request refused')).toBe(true);
    expect(log.lines().find((line) => line.msg === 'incoming request')?.req?.url).toBe(link.pathname);
    expect(log.text()).not.toContain(sig);
  });

  it('drops a query string from an error that quotes the address, on a failed request', async () => {
    const log = await appWithLog();
    t = log.t;
    t.app.get('/test/fails', { config: { access: 'public' } }, async (request) => {
      throw new Error(`nothing to serve at ${request.url}`);
    });
    const res = await t.app.inject({ method: 'GET', url: '/test/fails?sig=secret-signature' });
    expect(res.statusCode).toBe(500);

    const failed = log.lines().find((line) => line.msg === 'request failed');
    expect(failed?.err?.message).toBe('nothing to serve at /test/fails');
    expect(log.text()).not.toContain('secret-signature');
  });
});
