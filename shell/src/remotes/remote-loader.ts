/**
 * How an area's code is loaded: the real loader goes through Module Federation; tests
 * put a stub in RemoteLoaderContext instead.
 */
import type { RemoteName } from 'shared-api/contract';
import { getShellConfig } from '../runtime-config/shell-config';
import type { RemoteAppModule } from './remote-app-module';

export type RemoteLoader = (remote: RemoteName, options: { retry: boolean }) => Promise<RemoteAppModule>;

export class RemoteTimeoutError extends Error {
  constructor(remote: RemoteName, ms: number) {
    super(`The ${remote} area did not load within ${ms} ms.`);
    this.name = 'RemoteTimeoutError';
  }
}

/** Nothing in federation times out by itself: a host that accepts but never answers would hang. */
export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The federation runtime is imported here, on the first remote route: the sign-in page never pays for it. */
export const loadRemoteApp: RemoteLoader = (remote, { retry }) => {
  const { remoteTimeoutMs } = getShellConfig();
  return withTimeout(
    import('./federation').then((federation) => federation.loadRemoteApp(remote, retry)),
    remoteTimeoutMs,
    () => new RemoteTimeoutError(remote, remoteTimeoutMs),
  );
};
