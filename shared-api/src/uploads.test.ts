import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { type FirebaseConfig, setRuntimeConfig } from './config';
import { MESSAGES } from './contract/messages';
import { useSession } from './session';
import { answer, authorizationOf, requests, resetFakeHttp } from './testing/fake-http';
import { agentUser } from './testing/users';
import { uploadImage } from './uploads';

/** The seam with the firebase SDK: what uploadImage's Firebase path asks of it. */
const sdk = vi.hoisted(() => ({
  getApps: vi.fn((): Array<{ name: string }> => []),
  initializeApp: vi.fn((_config: unknown, name: string) => ({ name })),
  getStorage: vi.fn((app: unknown) => ({ app })),
  ref: vi.fn((_storage: unknown, path: string) => ({ fullPath: path })),
  uploadBytesResumable: vi.fn(),
  getDownloadURL: vi.fn(async (ref: { fullPath: string }) => `https://storage.example.com/o/${ref.fullPath}`),
}));
vi.mock('firebase/app', () => ({ getApps: sdk.getApps, initializeApp: sdk.initializeApp }));
vi.mock('firebase/storage', () => ({
  getStorage: sdk.getStorage,
  ref: sdk.ref,
  uploadBytesResumable: sdk.uploadBytesResumable,
  getDownloadURL: sdk.getDownloadURL,
}));

const FIREBASE: FirebaseConfig = { apiKey: 'key', projectId: 'reviews', storageBucket: 'reviews.appspot.com' };

type Snapshot = { bytesTransferred: number; totalBytes: number };

/** An upload task that reports the given snapshots, then completes (or fails). */
function fakeTask(snapshots: Snapshot[], failWith?: Error) {
  return (ref: { fullPath: string }) => ({
    snapshot: { ref },
    on(_event: string, next: (s: Snapshot) => void, error: (e: Error) => void, complete: () => void) {
      queueMicrotask(() => {
        for (const s of snapshots) next(s);
        if (failWith) error(failWith);
        else complete();
      });
      return () => {};
    },
  });
}

const photo = () => new File([new Uint8Array(2048)], 'shelf.png', { type: 'image/png' });

describe('uploadImage', () => {
  beforeEach(() => {
    resetFakeHttp();
    localStorage.clear();
    setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
    useSession.setState({ token: null, user: null, status: 'signed-out' });
    vi.clearAllMocks();
  });
  afterEach(() => vi.restoreAllMocks());

  describe('without a Firebase configuration', () => {
    it('posts the file as multipart to /api/uploads with the token, reports progress and returns the url', async () => {
      useSession.setState({ token: 'the-token', user: agentUser, status: 'signed-in' });
      answer((request) => {
        request.onUploadProgress?.(512, 2048);
        request.onUploadProgress?.(2048, 2048);
        return { status: 201, data: { url: 'http://api.test/uploads/abc.png' } };
      });
      const progress: number[] = [];

      const url = await uploadImage(photo(), (fraction) => progress.push(fraction));

      expect(url).toBe('http://api.test/uploads/abc.png');
      expect(requests).toHaveLength(1);
      expect(requests[0]?.method).toBe('POST');
      expect(requests[0]?.path).toBe('/api/uploads');
      expect(authorizationOf(requests[0])).toBe('Bearer the-token');
      const form = requests[0]?.body as FormData;
      expect(form).toBeInstanceOf(FormData);
      expect((form.get('file') as File).name).toBe('shelf.png');
      expect(form.get('purpose')).toBeNull();
      expect(progress).toEqual([0.25, 1, 1]);
      expect(sdk.uploadBytesResumable).not.toHaveBeenCalled();
    });

    it('sends a private image without the token, marked purpose=cnic', async () => {
      useSession.setState({ token: 'the-token', user: agentUser, status: 'signed-in' });
      answer(() => ({ status: 201, data: { url: 'http://api.test/api/private/xyz' } }));

      const url = await uploadImage(photo(), undefined, { private: true });

      expect(url).toBe('http://api.test/api/private/xyz');
      expect(authorizationOf(requests[0])).toBeUndefined();
      const form = requests[0]?.body as FormData;
      expect(form.get('purpose')).toBe('cnic');
      expect(form.get('file')).toBeInstanceOf(File);
    });

    it("rejects with the server's message", async () => {
      answer(() => ({ status: 413, data: { message: MESSAGES.imageTooLarge } }));

      await expect(uploadImage(photo())).rejects.toEqual(
        new ApiError(MESSAGES.imageTooLarge, 'response', 413, true, { data: { message: MESSAGES.imageTooLarge } }),
      );
    });
  });

  describe('with a Firebase configuration', () => {
    beforeEach(() => setRuntimeConfig({ apiBaseUrl: 'http://api.test', firebase: FIREBASE }));

    it('uploads with the SDK to images/{name}{timestamp}, reports progress and returns the download URL', async () => {
      vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
      sdk.uploadBytesResumable.mockImplementation(
        fakeTask([
          { bytesTransferred: 0, totalBytes: 2048 },
          { bytesTransferred: 1024, totalBytes: 2048 },
          { bytesTransferred: 2048, totalBytes: 2048 },
        ]),
      );
      const progress: number[] = [];

      const url = await uploadImage(photo(), (fraction) => progress.push(fraction));

      expect(sdk.initializeApp).toHaveBeenCalledWith(FIREBASE, expect.any(String));
      expect(sdk.ref).toHaveBeenCalledWith(expect.anything(), 'images/shelf.png1700000000000');
      const [, data, metadata] = sdk.uploadBytesResumable.mock.calls[0] ?? [];
      expect((data as File).name).toBe('shelf.png');
      expect(metadata).toEqual({ contentType: 'image/png' });
      expect(progress).toEqual([0, 0.5, 1, 1]);
      expect(url).toBe('https://storage.example.com/o/images/shelf.png1700000000000');
      expect(requests).toHaveLength(0);
    });

    it('initialises the Firebase app once for several uploads', async () => {
      const apps: Array<{ name: string }> = [];
      sdk.getApps.mockImplementation(() => apps);
      sdk.initializeApp.mockImplementation((_config, name) => {
        const app = { name };
        apps.push(app);
        return app;
      });
      sdk.uploadBytesResumable.mockImplementation(fakeTask([]));

      await uploadImage(photo());
      await uploadImage(photo());

      expect(sdk.initializeApp).toHaveBeenCalledTimes(1);
      expect(sdk.uploadBytesResumable).toHaveBeenCalledTimes(2);
    });

    it("rejects with the SDK's error when the upload fails", async () => {
      sdk.uploadBytesResumable.mockImplementation(fakeTask([], new Error('storage/unauthorized')));

      await expect(uploadImage(photo())).rejects.toThrow('storage/unauthorized');
      expect(sdk.getDownloadURL).not.toHaveBeenCalled();
    });

    it('never sends a private image to Firebase: it goes to the API', async () => {
      answer(() => ({ status: 201, data: { url: 'http://api.test/api/private/xyz' } }));

      const url = await uploadImage(photo(), undefined, { private: true });

      expect(url).toBe('http://api.test/api/private/xyz');
      expect(sdk.initializeApp).not.toHaveBeenCalled();
      expect(sdk.uploadBytesResumable).not.toHaveBeenCalled();
      expect(requests[0]?.path).toBe('/api/uploads');
      const form = requests[0]?.body as FormData;
      expect(form.get('purpose')).toBe('cnic');
    });
  });
});
