/**
 * A fake of the client's transport (../http.ts) for tests: no server, no sockets. Each test
 * says how the "API" answers; every request the client made is recorded as the transport got
 * it (method, path, params, headers, body as sent, timeout...). Importing this module installs it.
 */
import { setHttpTransport } from '../client';
import { type HttpRequest, NoAnswerError } from '../http';

export type FakeReply = { status: number; data?: unknown; headers?: Record<string, string> } | 'network-error';
type Handler = (request: HttpRequest) => FakeReply;

export const requests: HttpRequest[] = [];
let handler: Handler = () => ({ status: 404, data: { message: 'No fake answer for this request.' } });

/** How the fake API answers from now on. */
export function answer(next: Handler): void {
  handler = next;
}

export function resetFakeHttp(): void {
  requests.length = 0;
  answer(() => ({ status: 404, data: { message: 'No fake answer for this request.' } }));
}

/** The Authorization header a recorded request carried, if any. */
export function authorizationOf(request: HttpRequest | undefined): string | undefined {
  return request?.headers.Authorization;
}

/** The JSON body a recorded request sent (undefined without one). */
export function jsonBodyOf(request: HttpRequest | undefined): unknown {
  return typeof request?.body === 'string' ? (JSON.parse(request.body) as unknown) : undefined;
}

setHttpTransport(async (request) => {
  if (request.signal?.aborted) throw request.signal.reason;
  requests.push(request);
  const reply = handler(request);
  if (reply === 'network-error') throw new NoAnswerError('network');
  const headers = Object.fromEntries(Object.entries(reply.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  return { status: reply.status, headers, data: reply.data };
});
