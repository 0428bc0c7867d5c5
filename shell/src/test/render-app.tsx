import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { type startLiveAlerts, useSession } from 'shared-api';
import type { RemoteName, User } from 'shared-api/contract';
import { App } from '../app';
import { LiveAlertsContext } from '../layout/unread-alerts';
import type { RemoteLoader } from '../remotes/remote-loader';
import { RemoteLoaderContext } from '../remotes/remote-loader-context';

/** Shows where the router is, so tests can assert redirects. */
export function LocationProbe() {
  const { pathname } = useLocation();
  return <div data-testid="location">{pathname}</div>;
}

/** A stand-in for a remote's App: names the area and the path it renders. */
function FakeArea({ remote }: { remote: RemoteName }) {
  const { pathname } = useLocation();
  return <h1>{`${remote} area: ${pathname}`}</h1>;
}

const FAKE_AREAS: Record<RemoteName, () => ReactElement> = {
  admin: () => <FakeArea remote="admin" />,
  manager: () => <FakeArea remote="manager" />,
  agent: () => <FakeArea remote="agent" />,
};

export const fakeRemoteLoader: RemoteLoader = async (remote) => ({ default: FAKE_AREAS[remote] });

const noLiveAlerts = () => () => {};

/**
 * The whole shell at a path, with remotes replaced by fakes (no federation) and no live alert
 * stream unless `liveAlerts` opens one. Reads the signed-in layout makes (the unread count, the
 * commission figures) go through shared-api: a test mocks what it asserts.
 */
export function renderApp(
  path: string,
  load: RemoteLoader = fakeRemoteLoader,
  liveAlerts: typeof startLiveAlerts = noLiveAlerts,
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <RemoteLoaderContext.Provider value={load}>
        <LiveAlertsContext.Provider value={liveAlerts}>
          <App />
          <LocationProbe />
        </LiveAlertsContext.Provider>
      </RemoteLoaderContext.Provider>
    </MemoryRouter>,
  );
}

/** Puts the session store in a state without touching the network or storage. */
export function sessionOf(
  user: User | null,
  status: 'signed-in' | 'signed-out' | 'booting' = user ? 'signed-in' : 'signed-out',
) {
  useSession.setState({ token: user ? 'test-token' : null, user, status });
}
