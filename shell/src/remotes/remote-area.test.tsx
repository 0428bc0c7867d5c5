import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRequest, setLocale } from 'shared-api';
import { MESSAGES } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetReportedClientErrors } from '../errors/area-failure';
import { RemoteIncompatibleError } from './release-check';
import type { RemoteAppModule } from './remote-app-module';
import { RemoteArea } from './remote-area';
import { type RemoteLoader, withTimeout } from './remote-loader';
import { RemoteLoaderContext } from './remote-loader-context';

vi.mock('shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-api')>()),
  apiRequest: vi.fn(async () => ({ data: undefined, headers: {} })),
}));

const agentArea: RemoteAppModule = { default: () => <h1>alert center</h1> };

function renderArea(load: RemoteLoader) {
  return render(
    <RemoteLoaderContext.Provider value={load}>
      <RemoteArea remote="agent" />
    </RemoteLoaderContext.Provider>,
  );
}

describe('remote area', () => {
  beforeEach(() => {
    forgetReportedClientErrors();
    vi.mocked(apiRequest).mockClear();
  });
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

  it('says why when this app cannot host the area, reports it once, and Retry loads it once it fits', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const incompatible = new RemoteIncompatibleError('agent', [{ part: 'shared-api', needs: '^99.0.0', has: '3.1.0' }]);
    const load = vi
      .fn<RemoteLoader>()
      .mockRejectedValueOnce(incompatible)
      .mockRejectedValueOnce(incompatible)
      .mockResolvedValueOnce(agentArea);
    renderArea(load);

    const message =
      'The agent area needs a newer app (shared-api 99.0 or later; this one has 3.1). Reload later, or ask the admin.';
    expect(await screen.findByRole('heading', { name: message })).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: message })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'alert center' })).toBeVisible();

    expect(apiRequest).toHaveBeenCalledOnce();
    expect(apiRequest).toHaveBeenCalledWith('/api/client-errors', {
      method: 'POST',
      data: { kind: 'remote-incompatible', remote: 'agent', detail: message },
    });
  });

  it('reports a remote that fails to load as such, once per page load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn<RemoteLoader>(async () => Promise.reject(new Error('Failed to fetch mf-manifest.json')));
    renderArea(load);
    expect(await screen.findByText(MESSAGES.somethingWentWrong)).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
    expect(apiRequest).toHaveBeenCalledOnce();
    expect(apiRequest).toHaveBeenCalledWith('/api/client-errors', {
      method: 'POST',
      data: { kind: 'remote-load-failed', remote: 'agent', detail: 'Failed to fetch mf-manifest.json' },
    });
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

  it('says in Urdu why this app cannot host the area, with the versions left to right, and reports it in English', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(() => setLocale('ur'));
    try {
      const incompatible = new RemoteIncompatibleError('agent', [
        { part: 'shared-api', needs: '^99.0.0', has: '3.1.0' },
      ]);
      renderArea(vi.fn<RemoteLoader>().mockRejectedValue(incompatible));

      const heading = await screen.findByRole('heading', { name: /^ایجنٹ کا حصہ اس ایپ میں نہیں چل سکتا/ });
      expect(heading).toHaveTextContent('\u2066^99.0.0\u2069');
      expect(heading).toHaveTextContent(/ایڈمن سے پوچھیں۔$/);
      expect(screen.getByRole('button', { name: 'دوبارہ کوشش کریں' })).toBeVisible();
      expect(apiRequest).toHaveBeenCalledWith('/api/client-errors', {
        method: 'POST',
        data: expect.objectContaining({ detail: expect.stringMatching(/^The agent area needs a newer app/) }),
      });
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
