// A plain HTTP proxy in front of the API that counts the request body bytes that reach it,
// per request (the phone section's resumed upload, bench/phone.mjs: what the browser sent,
// also of a PATCH cut off mid-way), and that can cut the connections as a lost signal would. The browser talks to it instead of the API (the shell's
// runtime JSON says where the API is); the API's absolute `Location` answers are rewritten to
// point back at it, so a tus upload's chunks come through it too.
import http from 'node:http';
import { onCleanup } from '../../scripts/lib/processes.mjs';

/**
 * @typedef {object} CountedRequest
 * @property {string} method
 * @property {string} path
 * @property {number} bytes request body bytes that reached the proxy
 * @property {boolean} complete the whole body arrived (false: the client dropped it mid-way)
 * @property {number | null} status the API's answer, null when none came
 */

/**
 * @param {{ port: number, target: string, publicTarget: string, onBody?: (request: CountedRequest, chunkBytes: number) => void }} options
 *   target: where the API listens (http://127.0.0.1:port); publicTarget: the API's public URL as
 *   it writes it in `Location` (API_PUBLIC_URL); onBody: after each piece of a body arrived, with its size
 */
export async function startCountingProxy({ port, target, publicTarget, onBody }) {
  /** @type {CountedRequest[]} */
  const requests = [];
  /** the connections of the requests still open, for drop() */
  /** @type {Map<CountedRequest, () => void>} */
  const open = new Map();
  /** the network is down (setDown): every request is cut off as it comes */
  let down = false;
  const self = `http://localhost:${port}`;
  const server = http.createServer((incoming, outgoing) => {
    if (down) {
      incoming.socket.destroy();
      return;
    }
    /** @type {CountedRequest} */
    const counted = {
      method: incoming.method ?? 'GET',
      path: incoming.url ?? '/',
      bytes: 0,
      complete: false,
      status: null,
    };
    requests.push(counted);
    const upstream = http.request(`${target}${counted.path}`, {
      method: counted.method,
      headers: incoming.headers,
    });
    upstream.on('response', (answer) => {
      counted.status = answer.statusCode ?? null;
      const headers = { ...answer.headers };
      if (typeof headers.location === 'string' && headers.location.startsWith(publicTarget)) {
        headers.location = self + headers.location.slice(publicTarget.length);
      }
      outgoing.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(outgoing);
      // the browser went away (offline): the API hears the same
      outgoing.on('close', () => answer.destroy());
    });
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502).end();
      else outgoing.destroy();
    });
    incoming.on('data', (chunk) => {
      counted.bytes += chunk.length;
      onBody?.(counted, chunk.length);
    });
    incoming.on('end', () => {
      counted.complete = true;
    });
    // a body cut off mid-way: the API is cut off at the same byte
    incoming.on('close', () => {
      if (!counted.complete) upstream.destroy();
    });
    incoming.pipe(upstream);
    open.set(counted, () => {
      upstream.destroy();
      incoming.socket.destroy();
    });
    outgoing.on('close', () => open.delete(counted));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, 'localhost', () => resolve(undefined));
  });
  const stop = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve(undefined));
    });
  const unregister = onCleanup('counting proxy', stop);
  return {
    url: self,
    requests,
    /** Cuts a request's connections where they stand, both ways (the signal lost mid-way). */
    drop(counted) {
      open.get(counted)?.();
    },
    /** While down, every request that comes is cut off at once. */
    setDown(value) {
      down = value;
    },
    async stop() {
      unregister();
      await stop();
    },
  };
}
