/**
 * The client against a real HTTP server (node:http on 127.0.0.1, another origin than the page's,
 * so CORS applies as it does in the browser), through jsdom's XMLHttpRequest: what apiRequest
 * sends and how it reads every kind of answer, or the lack of one.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiList, apiRequest } from './client';
import { setRuntimeConfig } from './config';
import { IDEMPOTENCY_KEY_HEADER } from './contract/idempotency';
import { MESSAGES } from './contract/messages';
import { useSession } from './session';
import { apiSubmit } from './submit';
import { agentUser } from './testing/users';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

type Route = (request: Received, response: ServerResponse) => void;

let server: Server;
let base: string;
let route: Route;
const received: Received[] = [];
/** connections the server saw closed before it answered them */
let closedUnanswered = 0;

function cors(response: ServerResponse): void {
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Allow-Headers', `Authorization, Content-Type, ${IDEMPOTENCY_KEY_HEADER}`);
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
  response.setHeader('Access-Control-Expose-Headers', 'X-Total-Count, Content-Disposition, X-Request-Id');
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  cors(response);
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'OPTIONS') {
        cors(response);
        response.writeHead(204).end();
        return;
      }
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      };
      received.push(entry);
      response.on('close', () => {
        if (!response.writableFinished) closedUnanswered += 1;
      });
      route(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  closedUnanswered = 0;
  route = (_request, response) => json(response, 200, { ok: true });
  localStorage.clear();
  setRuntimeConfig({ apiBaseUrl: base });
  useSession.setState({ token: null, user: null, status: 'signed-out' });
});

describe('the HTTP client against a real server', () => {
  it('sends to the configured API: the path, the query without undefined values, the token and a JSON body', async () => {
    useSession.getState().setSession('the-token', agentUser);
    route = (request, response) => json(response, 201, { echoed: JSON.parse(request.body.toString()) as unknown });

    const { data } = await apiRequest<{ echoed: unknown }>('/api/orders', {
      method: 'POST',
      params: { page: 2, q: 'Bilal Khan & co', status: undefined },
      data: { amount: 1200, note: 'ünïcode' },
    });

    expect(data).toEqual({ echoed: { amount: 1200, note: 'ünïcode' } });
    const [request] = received;
    expect(request?.method).toBe('POST');
    const url = new URL(request?.url ?? '', base);
    expect(url.pathname).toBe('/api/orders');
    expect([...url.searchParams]).toEqual([
      ['page', '2'],
      ['q', 'Bilal Khan & co'],
    ]);
    expect(request?.headers.authorization).toBe('Bearer the-token');
    expect(request?.headers['content-type']).toMatch(/^application\/json/);
  });

  it('joins a base URL with a path prefix and a trailing slash to the path with one slash', async () => {
    setRuntimeConfig({ apiBaseUrl: `${base}/prefix/` });
    await apiRequest('/api/health', { params: { a: 1 } });
    expect(received[0]?.url).toBe('/prefix/api/health?a=1');
  });

  it('sends no Authorization header for an anonymous call, and the given token when one is named', async () => {
    useSession.getState().setSession('the-token', agentUser);
    await apiRequest('/api/login', { method: 'POST', data: {}, anonymous: true });
    await apiRequest('/api/logout', { method: 'POST', token: 'the-ended-token' });
    expect(received.map((r) => r.headers.authorization)).toEqual([undefined, 'Bearer the-ended-token']);
    // a POST without data sends no body
    expect(received[1]?.body.length).toBe(0);
  });

  it('reads the answer headers with lower-case names (a list total from X-Total-Count)', async () => {
    route = (_request, response) =>
      json(response, 200, [{ _id: 'a' }], { 'X-Total-Count': '42', 'X-Request-Id': 'r-1' });
    const { headers } = await apiRequest('/api/products/approved');
    expect(headers['x-total-count']).toBe('42');
    expect(headers['x-request-id']).toBe('r-1');
    await expect(apiList('/api/products/approved')).resolves.toEqual({ items: [{ _id: 'a' }], total: 42 });
  });

  it('gives a body that is not JSON as its text', async () => {
    route = (_request, response) => {
      cors(response);
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('pong');
    };
    await expect(apiRequest('/api/ping')).resolves.toMatchObject({ data: 'pong' });
  });

  it("turns an error answer into an ApiError with the server's message and body", async () => {
    route = (_request, response) => json(response, 409, { message: 'Some orders cannot be paid.', orderIds: ['o-2'] });
    const error = await apiRequest('/api/payouts', { method: 'POST', data: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'response',
      status: 409,
      fromServer: true,
      message: 'Some orders cannot be paid.',
      data: { message: 'Some orders cannot be paid.', orderIds: ['o-2'] },
    });
  });

  it('marks an error answer without a message as not from the server', async () => {
    route = (_request, response) => {
      cors(response);
      response.writeHead(502).end('<html>Bad gateway</html>');
    };
    const error = await apiRequest('/api/user').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'response', status: 502, fromServer: false });
  });

  it('signs out on a 401 for the session token, and not for a token the session no longer holds', async () => {
    route = (_request, response) => json(response, 401, { message: 'Your session has ended. Please sign in again.' });
    useSession.getState().setSession('old-token', agentUser);
    await expect(apiRequest('/api/user', { token: 'another-token' })).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().token).toBe('old-token');

    await expect(apiRequest('/api/user')).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState()).toMatchObject({ status: 'signed-out', token: null });
  });

  it('posts FormData as multipart and reports the upload progress as fractions up to 1', async () => {
    route = (request, response) =>
      json(response, 201, {
        type: request.headers['content-type'],
        hasFile: request.body.includes('hello picture'),
      });
    const form = new FormData();
    form.append('purpose', 'cnic');
    form.append('file', new File(['hello picture'.repeat(5_000)], 'a.png', { type: 'image/png' }));
    const progress: number[] = [];

    const { data } = await apiRequest<{ type: string; hasFile: boolean }>('/api/uploads', {
      method: 'POST',
      data: form,
      onUploadProgress: (fraction) => progress.push(fraction),
    });

    expect(data.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(data.hasFile).toBe(true);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((f) => f >= 0 && f <= 1)).toBe(true);
    expect(progress.at(-1)).toBe(1);
  });

  it('downloads a Blob and reports the bytes received, also without a length', async () => {
    const part = 'a;b;c\n'.repeat(20_000);
    route = (_request, response) => {
      cors(response);
      response.writeHead(200, { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="x.csv"' });
      response.write(part);
      setTimeout(() => response.end(part), 20);
    };
    const received: number[] = [];

    const { data, headers } = await apiRequest<Blob>('/api/orders/export.csv', {
      responseType: 'blob',
      onDownloadProgress: (bytes) => received.push(bytes),
    });

    expect(data).toBeInstanceOf(Blob);
    expect(await data.text()).toBe(part + part);
    expect(headers['content-disposition']).toBe('attachment; filename="x.csv"');
    expect(received.length).toBeGreaterThan(0);
    expect(received).toEqual([...received].sort((a, b) => a - b));
    expect(received.at(-1)).toBe(part.length * 2);
  });

  it("reads a download's error answer as JSON for its message", async () => {
    route = (_request, response) => json(response, 403, { message: 'Only an admin can export orders.' });
    const error = await apiRequest('/api/orders/export.csv', { responseType: 'blob' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'response',
      status: 403,
      fromServer: true,
      message: 'Only an admin can export orders.',
    });
  });

  it("rejects with the signal's reason when cancelled, and closes the request", async () => {
    route = () => {
      // never answers
    };
    const controller = new AbortController();
    const pending = apiRequest('/api/orders/export.csv', { signal: controller.signal });
    await vi.waitFor(() => expect(received).toHaveLength(1));

    const reason = new DOMException('The person cancelled the export.', 'AbortError');
    controller.abort(reason);

    await expect(pending).rejects.toBe(reason);
    await vi.waitFor(() => expect(closedUnanswered).toBe(1));
  });

  it("rejects with the signal's reason at once when already cancelled, sending nothing", async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(apiRequest('/api/user', { signal: controller.signal })).rejects.toThrow('gone');
    expect(received).toHaveLength(0);
  });

  it('fails as no answer when the time-out passes', async () => {
    route = () => {
      // never answers
    };
    const error = await apiRequest('/api/user', { timeout: 150 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network', message: MESSAGES.noResponse });
  });

  it('fails as no answer when nothing listens at the API', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    setRuntimeConfig({ apiBaseUrl: `http://127.0.0.1:${port}` });

    await expect(apiRequest('/api/user')).rejects.toMatchObject({ kind: 'network', message: MESSAGES.noResponse });
  });

  it('sends a submission again with the same key when the connection drops or times out, and gives the answer', async () => {
    useSession.getState().setSession('the-token', agentUser);
    let calls = 0;
    route = (_request, response) => {
      calls += 1;
      if (calls === 1) response.socket?.destroy();
      else if (calls === 2) {
        // no answer within the time-out
      } else json(response, 201, { _id: 'order-1' });
    };
    const retries: number[] = [];

    const { data } = await apiSubmit<{ _id: string }>('/api/orders', {
      method: 'POST',
      data: { amount: 1 },
      timeout: 300,
      onRetry: (retry) => retries.push(retry),
    });

    expect(data).toEqual({ _id: 'order-1' });
    expect(retries).toEqual([1, 2]);
    const keys = received.map((r) => r.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });
});
