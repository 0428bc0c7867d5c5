/**
 * Renders a remote area in the content column. A remote that fails or hangs shows the
 * error screen with Retry here only; the sidebar and the other areas keep working. One this
 * shell cannot host says why (release-check.ts). Each failure is reported to the API once.
 */
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useContext, useState } from 'react';
import type { RemoteName } from 'shared-api/contract';
import { ErrorBoundary } from '../errors/error-boundary';
import { ErrorScreen } from '../errors/error-screen';
import { type ShellKey, useT } from '../i18n';
import { LoadingScreen } from '../layout/loading-screen';
import { RemoteIncompatibleError } from './release-check';
import type { RemoteLoader } from './remote-loader';
import { RemoteLoaderContext } from './remote-loader-context';

interface LoadedArea {
  Component: LazyExoticComponent<ComponentType>;
  failed: boolean;
}

/**
 * One lazy component per loader and remote, so returning to an area does not load it
 * again. React.lazy caches a rejection: a failed one is replaced on the next visit or Retry.
 */
const areas = new WeakMap<RemoteLoader, Map<RemoteName, LoadedArea>>();

function areaFor(load: RemoteLoader, remote: RemoteName, retry: boolean): LoadedArea {
  let byRemote = areas.get(load);
  if (!byRemote) {
    byRemote = new Map();
    areas.set(load, byRemote);
  }
  const cached = byRemote.get(remote);
  if (cached && !cached.failed && !retry) return cached;

  const area: LoadedArea = {
    failed: false,
    Component: lazy(async () => {
      try {
        return await load(remote, { retry: retry || cached !== undefined });
      } catch (error) {
        // the error boundary below shows (and logs) it
        area.failed = true;
        // its words and its report load only when an area fails, never on a first visit
        const failure = await import('../errors/area-failure').catch(() => undefined);
        failure?.handleAreaFailure(remote, error);
        throw error;
      }
    }),
  };
  byRemote.set(remote, area);
  return area;
}

const LOADING: Record<RemoteName, ShellKey> = {
  admin: 'shell.loading.admin',
  manager: 'shell.loading.manager',
  agent: 'shell.loading.agent',
};

export function RemoteArea({ remote }: { remote: RemoteName }) {
  const t = useT();
  const load = useContext(RemoteLoaderContext);
  const [area, setArea] = useState(() => areaFor(load, remote, false));
  const Area = area.Component;

  return (
    <ErrorBoundary
      fallback={(reset, error) => (
        <ErrorScreen
          message={error instanceof RemoteIncompatibleError ? error.explanation : undefined}
          onRetry={() => {
            setArea(areaFor(load, remote, true));
            reset();
          }}
        />
      )}
    >
      <Suspense fallback={<LoadingScreen label={t(LOADING[remote])} />}>
        <Area />
      </Suspense>
    </ErrorBoundary>
  );
}
