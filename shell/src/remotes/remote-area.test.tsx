import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from 'shared-api/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemoteAppModule } from './remote-app-module';
import { RemoteArea } from './remote-area';
import { type RemoteLoader, withTimeout } from './remote-loader';
import { RemoteLoaderContext } from './remote-loader-context';

const agentArea: RemoteAppModule = { default: () => <h1>alert center</h1> };

function renderArea(load: RemoteLoader) {
  return render(
    <RemoteLoaderContext.Provider value={load}>
      <RemoteArea remote="agent" />
    </RemoteLoaderContext.Provider>,
  );
}

describe('remote area', () => {
  afterEach(() => vi.useRealTimers());

  it('renders the area the loader returns', async () => {
    const load = vi.fn<RemoteLoader>(async () => agentArea);
    renderArea(load);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the agent area...');
    expect(await screen.findByRole('heading', { name: 'alert center' })).toBeVisible();
    expect(load).toHaveBeenCalledWith('agent', { retry: false });
  });

  it('shows the error screen when the remote fails, and Retry loads it once it is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<RemoteLoader>()
      .mockRejectedValueOnce(new Error('Failed to fetch mf-manifest.json'))
      .mockResolvedValueOnce(agentArea);
    renderArea(load);

    expect(await screen.findByText(MESSAGES.somethingWentWrong)).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'alert center' })).toBeVisible();
    expect(screen.queryByText(MESSAGES.somethingWentWrong)).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith('agent', { retry: true });
  });

  it('keeps showing the error screen while the remote stays down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn<RemoteLoader>(async () => Promise.reject(new Error('connection refused')));
    renderArea(load);

    expect(await screen.findByText(MESSAGES.somethingWentWrong)).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up on a remote that never answers once the timeout passes', async () => {
    vi.useFakeTimers();
    const hung = new Promise<never>(() => {});
    const result = withTimeout(hung, 10_000, () => new Error('timed out'));
    const settled = vi.fn();
    result.catch(settled);

    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(new Error('timed out'));
  });
});
