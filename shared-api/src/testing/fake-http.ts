/**
 * A fake axios adapter for tests: no server, no sockets. Each test says how the "API"
 * answers; every request the client made is recorded. Install it before the client's
 * first request (the client creates its axios instance once, from axios.defaults).
 */
import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

export type FakeReply = { status: number; data?: unknown; headers?: Record<string, string> } | 'network-error';
type Handler = (request: InternalAxiosRequestConfig) => FakeReply;

export const requests: InternalAxiosRequestConfig[] = [];
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
export function authorizationOf(request: InternalAxiosRequestConfig | undefined): string | undefined {
  const value = request?.headers?.get?.('Authorization') ?? request?.headers?.Authorization;
  return typeof value === 'string' ? value : undefined;
}

axios.defaults.adapter = async (config) => {
  requests.push(config);
  const reply = handler(config);
  if (reply === 'network-error') {
    throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
  }
  const response: AxiosResponse = {
    data: reply.data,
    status: reply.status,
    statusText: String(reply.status),
    headers: reply.headers ?? {},
    config,
    request: {},
  };
  if (reply.status >= 400) {
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  }
  return response;
};
