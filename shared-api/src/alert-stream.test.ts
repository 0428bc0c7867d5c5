import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AlertStreamOptions, createEventParser, runAlertStream } from './alert-stream';
import type { Alert } from './contract/schemas';

const alert: Alert = {
  _id: '6f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b',
  type: 'order_status',
  message: 'Your order was accepted.',
  link: '/agent/orders',
  read: false,
  createdAt: '2026-11-23T10:00:00.000Z',
};

/** A stream the test writes to and ends, as the server would. */
function serverStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

type Answer = Response | Error;

function harness(answers: Answer[], extra: Partial<AlertStreamOptions> = {}) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), headers: { ...(init?.headers as Record<string, string>) } });
    const next = answers.shift();
    if (!next || next instanceof Error) throw next ?? new Error('offline');
    return next;
  });
  const alerts: Alert[] = [];
  const counts: number[] = [];
  const poll = vi.fn(async () => 7);
  const stop = runAlertStream({
    url: () => 'http://api.test/api/alerts/stream',
    getToken: () => 'the-token',
    onAlert: (a) => alerts.push(a),
    onUnread: (n) => counts.push(n),
    poll,
    fetch: fetch as unknown as typeof globalThis.fetch,
    ...extra,
  });
  return { calls, fetch, alerts, counts, poll, stop };
}

/** Lets the promises in flight settle (stream reads, fetch answers). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

describe('the live alert stream reader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads alerts and unread counts as they arrive, sending the token in a header and never in the URL', async () => {
    const server = serverStream();
    const h = harness([server.response]);
    await settle();
    server.send(`id: ${alert._id}\nevent: alert\ndata: ${JSON.stringify(alert).slice(0, 20)}`);
    server.send(
      `${JSON.stringify(alert).slice(20)}\n\n: heartbeat\n\nid: ${alert._id}\nevent: unread\ndata: {"unread":2}\n\n`,
    );
    await settle();
    expect(h.alerts).toEqual([alert]);
    expect(h.counts).toEqual([2]);
    expect(h.calls[0]?.url).toBe('http://api.test/api/alerts/stream');
    expect(h.calls[0]?.headers.authorization).toBe('Bearer the-token');
    expect(h.poll).not.toHaveBeenCalled();
    h.stop();
  });

  it('opens the stream again after it ends, with the last event id it received', async () => {
    const first = serverStream();
    const second = serverStream();
    const h = harness([first.response, second.response], { firstDelayMs: 1_000 });
    await settle();
    first.send(`id: ${alert._id}\nevent: unread\ndata: {"unread":1}\n\n`);
    first.end();
    await settle();
    expect(h.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.fetch).toHaveBeenCalledTimes(2);
    expect(h.calls[1]?.headers['last-event-id']).toBe(alert._id);
    expect(h.poll).not.toHaveBeenCalled();
    h.stop();
  });

  it('asks every minute while the stream cannot be opened, trying it again less and less often, and stops asking once it opens', async () => {
    const server = serverStream();
    const refused = new Response('{"message":"busy"}', { status: 503 });
    const h = harness([new Error('offline'), refused, new Error('offline'), server.response], {
      firstDelayMs: 1_000,
      maxDelayMs: 60_000,
    });
    await settle();
    expect(h.poll).toHaveBeenCalledTimes(1);
    expect(h.counts).toEqual([7]);
    await vi.advanceTimersByTimeAsync(1_000); // second try (503)
    expect(h.fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(h.fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1); // third try, 2 s later
    expect(h.fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4_000); // fourth, 4 s later: it opens
    expect(h.fetch).toHaveBeenCalledTimes(4);
    expect(h.poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.poll).toHaveBeenCalledTimes(1);
    h.stop();
  });

  it('polls every minute while the stream stays unreachable', async () => {
    const h = harness([], { firstDelayMs: 1_000, maxDelayMs: 60_000 });
    await settle();
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(h.poll).toHaveBeenCalledTimes(4);
    h.stop();
  });

  it('once stopped (sign-out), closes the stream and neither reconnects nor polls', async () => {
    const server = serverStream();
    const h = harness([server.response]);
    await settle();
    h.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(h.fetch).toHaveBeenCalledTimes(1);
    expect(h.poll).not.toHaveBeenCalled();
  });
});

describe('the event parser', () => {
  it('reads CRLF lines, multi-line data and events without an id, and skips comments', () => {
    const events: unknown[] = [];
    const parse = createEventParser((event) => events.push(event));
    parse(': hello\r\n\r\nevent: unread\r\ndata: {"unread":\r\ndata: 3}\r\n\r\nevent: alert');
    expect(events).toEqual([{ event: 'unread', id: undefined, data: '{"unread":\n3}' }]);
  });
});
