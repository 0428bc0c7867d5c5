import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { setRuntimeConfig } from './config';
import { useSession } from './session';
import { answer, authorizationOf, requests, resetFakeHttp } from './testing/fake-http';
import { agentUser } from './testing/users';
import { uploadImage } from './uploads';

/**
 * The seam with tus-js-client: a fake Upload that keeps the options it was given, "stores" the
 * fingerprint's URL in a map (as its localStorage store would) and plays a script of what the
 * network does.
 */
const tus = vi.hoisted(() => {
  type Options = Record<string, unknown> & {
    fingerprint: (file: File) => Promise<string>;
    onProgress: (sent: number, total: number) => void;
    onSuccess: () => void;
    onError: (error: Error) => void;
    onShouldRetry: (error: Error) => boolean;
    onBeforeRequest: (request: { setHeader: (name: string, value: string) => void }) => void;
  };
  class DetailedError extends Error {
    constructor(
      message: string,
      readonly originalResponse: { getStatus: () => number; getBody: () => string } | null,
    ) {
      super(message);
    }
  }
  const stored = new Map<string, string>();
  const state = {
    created: [] as { options: Options; resumedFrom: string | undefined }[],
    /** what the server has, per upload URL */
    server: new Map<string, number>(),
    /** the network drops once after this many bytes of the next upload (undefined: never) */
    dropAt: undefined as number | undefined,
    failWith: undefined as Error | undefined,
  };
  class Upload {
    url: string | null = null;
    private resumed: string | undefined;
    constructor(
      readonly file: File,
      readonly options: Options,
    ) {}
    async findPreviousUploads() {
      const url = stored.get(await this.options.fingerprint(this.file));
      return url ? [{ uploadUrl: url }] : [];
    }
    resumeFromPreviousUpload(previous: { uploadUrl: string }) {
      this.resumed = previous.uploadUrl;
    }
    start() {
      state.created.push({ options: this.options, resumedFrom: this.resumed });
      void this.run();
    }
    abort() {}
    private async run() {
      const headers: Record<string, string> = {};
      this.options.onBeforeRequest({ setHeader: (name, value) => (headers[name] = value) });
      if (state.failWith) return this.options.onError(state.failWith);
      const url = this.resumed ?? `http://api.test/api/uploads/resumable/upload-${state.created.length}`;
      this.url = url;
      stored.set(await this.options.fingerprint(this.file), url);
      const total = this.file.size;
      const chunk = this.options.chunkSize as number;
      let offset = state.server.get(url) ?? 0;
      this.options.onProgress(offset, total);
      while (offset < total) {
        const next = Math.min(offset + chunk, total);
        if (state.dropAt !== undefined && next > state.dropAt) {
          // the connection drops mid-chunk: the server kept what came; the page goes away
          state.server.set(url, state.dropAt);
          state.dropAt = undefined;
          return;
        }
        offset = next;
        state.server.set(url, offset);
        this.options.onProgress(offset, total);
      }
      stored.delete(await this.options.fingerprint(this.file));
      this.options.onSuccess();
    }
  }
  return { Upload, DetailedError, state, stored };
});
vi.mock('tus-js-client', () => ({ Upload: tus.Upload, DetailedError: tus.DetailedError }));

const photo = () => new File([new Uint8Array(600 * 1024)], 'proof.png', { type: 'image/png', lastModified: 7 });

describe('uploadImage with resumable: true (tus)', () => {
  beforeEach(() => {
    resetFakeHttp();
    tus.state.created = [];
    tus.state.server.clear();
    tus.state.dropAt = undefined;
    tus.state.failWith = undefined;
    tus.stored.clear();
    setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
    useSession.setState({ token: 'the-token', user: agentUser, status: 'signed-in' });
  });

  it('sends the file in chunks with the token, then answers what GET on the upload answers', async () => {
    answer(() => ({ status: 200, data: { url: 'http://api.test/api/private/abc.png?expires=1&sig=2' } }));
    const progress: number[] = [];
    const url = await uploadImage(photo(), (fraction) => progress.push(fraction), { resumable: true });

    expect(url).toBe('http://api.test/api/private/abc.png?expires=1&sig=2');
    const options = tus.state.created[0]?.options as Record<string, unknown>;
    expect(options.endpoint).toBe('http://api.test/api/uploads/resumable');
    expect(options.chunkSize).toBe(256 * 1024);
    expect(options.metadata).toEqual({ filename: 'proof.png', filetype: 'image/png' });
    expect(options.removeFingerprintOnSuccess).toBe(true);
    // three chunks, then the answer
    expect(progress).toEqual([0, 256 / 600, 512 / 600, 0.99, 1]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.path).toBe('http://api.test/api/uploads/resumable/upload-1');
    expect(authorizationOf(requests[0])).toBe('Bearer the-token');
  });

  it('puts the session’s token on each request, and nothing tus-js-client sets itself', async () => {
    answer(() => ({ status: 200, data: { url: 'u' } }));
    await uploadImage(photo(), undefined, { resumable: true });
    const headers: Record<string, string> = {};
    const options = tus.state.created[0]?.options;
    useSession.setState({ token: 'a-newer-token' });
    options?.onBeforeRequest({ setHeader: (name, value) => (headers[name] = value) });
    expect(headers).toEqual({ Authorization: 'Bearer a-newer-token' });
  });

  it('resumes the same file after a reload from the bytes the server has, for the same user only', async () => {
    answer(() => ({ status: 200, data: { url: 'the-link' } }));
    tus.state.dropAt = 300 * 1024;
    // the first try never finishes: the page is reloaded
    void uploadImage(photo(), undefined, { resumable: true });
    await vi.waitFor(() =>
      expect(tus.state.server.get('http://api.test/api/uploads/resumable/upload-1')).toBe(300 * 1024),
    );

    // the same file picked again after the reload goes on from 300 KB: the bar shows the rest
    const progress: number[] = [];
    const url = await uploadImage(photo(), (fraction) => progress.push(fraction), { resumable: true });
    expect(url).toBe('the-link');
    expect(tus.state.created[1]?.resumedFrom).toBe('http://api.test/api/uploads/resumable/upload-1');
    expect(progress[0]).toBeCloseTo(300 / 600);

    // another account on the same phone starts its own
    tus.state.dropAt = 10;
    useSession.setState({ token: 't2', user: { ...agentUser, _id: 'another-agent' } });
    void uploadImage(photo(), undefined, { resumable: true });
    await vi.waitFor(() => expect(tus.state.created).toHaveLength(3));
    expect(tus.state.created[2]?.resumedFrom).toBeUndefined();
  });

  it('retries a dropped connection, a server error and an offset conflict, not a refusal', async () => {
    answer(() => ({ status: 200, data: { url: 'u' } }));
    await uploadImage(photo(), undefined, { resumable: true });
    const shouldRetry = tus.state.created[0]?.options.onShouldRetry as (error: Error) => boolean;
    const answered = (status: number) => new tus.DetailedError('x', { getStatus: () => status, getBody: () => '' });
    expect(shouldRetry(new tus.DetailedError('offline', null))).toBe(true);
    expect(shouldRetry(answered(0))).toBe(true);
    expect(shouldRetry(answered(503))).toBe(true);
    expect(shouldRetry(answered(409))).toBe(true);
    expect(shouldRetry(answered(413))).toBe(false);
    expect(shouldRetry(answered(404))).toBe(false);
  });

  it("rejects with the server's message when it refuses the upload", async () => {
    tus.state.failWith = new tus.DetailedError('refused', {
      getStatus: () => 413,
      getBody: () => JSON.stringify({ message: 'The image is larger than 5 MB.' }),
    });
    const refusal = uploadImage(photo(), undefined, { resumable: true });
    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toMatchObject({
      message: 'The image is larger than 5 MB.',
      status: 413,
      fromServer: true,
    });
  });

  it('keeps private images (ID cards) on the one-request upload', async () => {
    useSession.setState({ token: null, user: null, status: 'signed-out' });
    answer(() => ({ status: 201, data: { url: 'cnic' } }));
    await uploadImage(photo(), undefined, { private: true, resumable: true });
    expect(tus.state.created).toHaveLength(0);
    expect(requests[0]?.path).toBe('/api/uploads');
  });
});
