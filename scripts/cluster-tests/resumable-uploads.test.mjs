// Uploads that resume (tus 1.0 at /api/uploads/resumable; docs/domain.md, Images, Uploads that
// resume) behind the balancer: a resumed upload may reach another API process, so the partial
// upload lives in the database both share. Needs Debian's postgresql, redis-server and haproxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingPackages } from '../cluster.mjs';
import { login, rgbPng, startCluster } from './harness.mjs';

const CLIENT_TIMEOUT_MS = 10_000;
const CHUNK = 64 * 1024;
const TUS = { 'tus-resumable': '1.0.0' };

const missing = missingPackages();
if (missing.length > 0) throw new Error(`the cluster tests need Debian's ${missing.join(', ')} (README, Set-up)`);

/** @type {Awaited<ReturnType<typeof startCluster>>} */
let cluster;
let agent;

beforeAll(async () => {
  cluster = await startCluster({ processes: 2, seed: ['--orders', '2', '--products', '2', '--agents', '1'] });
  agent = await login(cluster.balancerUrl, 'agent1@demo.test');
});

afterAll(async () => {
  await cluster?.stop();
});

/** A PNG of noise (it does not compress): about 270 KB, several chunks. */
function noisyPng() {
  let seed = 7;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed >>> 24;
  };
  return rgbPng(300, 300, () => [next(), next(), next()]);
}

const request = (url, method, headers = {}, body = undefined) =>
  fetch(url, {
    method,
    headers: { ...TUS, authorization: `Bearer ${agent.token}`, ...headers },
    ...(body ? { body } : {}),
    signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
  });

const patch = (url, offset, chunk) =>
  request(url, 'PATCH', { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, chunk);

describe('uploads that resume across processes', () => {
  it('is started and sent in part through one process, resumed and finished through the other', async () => {
    const [first, second] = cluster.apis;
    const image = noisyPng();
    expect(image.length).toBeGreaterThan(3 * CHUNK);

    const created = await request(`${first.url}/api/uploads/resumable`, 'POST', {
      'upload-length': String(image.length),
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location'));
    expect(location.origin).toBe(cluster.balancerUrl);
    const onFirst = `${first.url}${location.pathname}`;
    const onSecond = `${second.url}${location.pathname}`;
    expect((await patch(onFirst, 0, image.subarray(0, CHUNK))).status).toBe(204);

    // the other process knows where it stands
    const head = await request(onSecond, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(CHUNK));
    expect(head.headers.get('upload-length')).toBe(String(image.length));
    // a chunk at a stale offset is refused there too
    expect((await patch(onSecond, 0, image.subarray(0, CHUNK))).status).toBe(409);

    for (let offset = CHUNK; offset < image.length; offset += CHUNK) {
      const res = await patch(onSecond, offset, image.subarray(offset, offset + CHUNK));
      expect(res.status).toBe(204);
      expect(res.headers.get('upload-offset')).toBe(String(Math.min(offset + CHUNK, image.length)));
    }

    // the answer POST /api/uploads gives, from either process, and the image from either
    for (const base of [first.url, second.url, cluster.balancerUrl]) {
      const answer = await request(`${base}${location.pathname}`, 'GET');
      expect(answer.status).toBe(200);
      const link = new URL((await answer.json()).url);
      expect(link.pathname).toMatch(/^\/api\/private\/[0-9a-f]{32}\.png$/);
      const served = await fetch(`${second.url}${link.pathname}${link.search}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
    }
  });
});
