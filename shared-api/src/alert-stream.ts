/**
 * The live alert stream's reader (docs/architecture.md, Live alerts): GET /api/alerts/stream
 * read with fetch, so the token goes in the Authorization header (EventSource cannot send one,
 * and a token in the URL would end up in logs). Reconnects by itself with a growing delay,
 * sending Last-Event-ID so the server sends what was missed; while the stream cannot be
 * opened, asks for the unread count every minute instead. Loaded only after sign-in
 * (alerts.ts, startLiveAlerts): the login page never downloads it.
 */
import type { Alert } from './contract/schemas';

export interface AlertStreamOptions {
  url: () => string;
  getToken: () => string | null;
  /** the language the alerts are written in (Accept-Language); the server's default without it */
  getLocale?: () => string;
  onAlert: (alert: Alert) => void;
  onUnread: (count: number) => void;
  /** the fallback: the unread count by an ordinary request */
  poll: () => Promise<number>;
  fetch?: typeof fetch;
  /** default: 60 s */
  pollEveryMs?: number;
  /** the first reconnection delay, doubled after each failure up to maxDelayMs; default 1 s */
  firstDelayMs?: number;
  /** default: 60 s */
  maxDelayMs?: number;
}

interface StreamEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/** Splits a text/event-stream body into events as it arrives (comments and retry lines ignored). */
export function createEventParser(onEvent: (event: StreamEvent) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      let event = 'message';
      let id: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'id') id = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) onEvent({ event, id, data: data.join('\n') });
    }
  };
}

/** Runs the stream until the answered function is called (sign-out). */
export function runAlertStream(options: AlertStreamOptions): () => void {
  const {
    pollEveryMs = 60_000,
    firstDelayMs = 1_000,
    maxDelayMs = 60_000,
    fetch: fetchStream = globalThis.fetch.bind(globalThis),
  } = options;
  let stopped = false;
  let controller: AbortController | undefined;
  let lastEventId: string | undefined;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let polling: ReturnType<typeof setInterval> | undefined;

  const poll = () => {
    options.poll().then(
      (count) => {
        if (!stopped) options.onUnread(count);
      },
      () => {},
    );
  };
  const startPolling = () => {
    if (polling !== undefined || stopped) return;
    poll();
    polling = setInterval(poll, pollEveryMs);
  };
  const stopPolling = () => {
    clearInterval(polling);
    polling = undefined;
  };

  const handle = (event: StreamEvent) => {
    if (event.id) lastEventId = event.id;
    try {
      const data = JSON.parse(event.data) as unknown;
      if (event.event === 'alert') options.onAlert(data as Alert);
      else if (event.event === 'unread') options.onUnread((data as { unread: number }).unread);
    } catch {
      // an event this version cannot read is skipped
    }
  };

  const reconnectLater = () => {
    if (stopped) return;
    failures += 1;
    const delay = Math.min(firstDelayMs * 2 ** (failures - 1), maxDelayMs);
    retry = setTimeout(() => void connect(), delay);
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    controller = new AbortController();
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    const token = options.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    const locale = options.getLocale?.();
    if (locale) headers['accept-language'] = locale;
    if (lastEventId) headers['last-event-id'] = lastEventId;
    let opened = false;
    try {
      const res = await fetchStream(options.url(), { headers, signal: controller.signal, cache: 'no-store' });
      if (!res.ok || !res.body) throw new Error(`the alert stream answered ${res.status}`);
      opened = true;
      failures = 0;
      stopPolling();
      const parse = createEventParser(handle);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parse(value);
      }
    } catch {
      // a refusal, no network, or the stream broke: handled below
    }
    if (stopped) return;
    // a stream that ended is opened again after a second; one that could not open, after a growing pause, polling meanwhile
    if (!opened) startPolling();
    reconnectLater();
  }

  void connect();
  return () => {
    stopped = true;
    controller?.abort();
    clearTimeout(retry);
    stopPolling();
  };
}
