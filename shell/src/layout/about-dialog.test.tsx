import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testUser } from 'shared-api/testing/users';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { canaryBucket } from '../runtime-config/remote-urls';
import { applyRuntimeConfig } from '../runtime-config/shell-config';
import { sessionOf } from '../test/render-app';
import { AboutButton } from './about-button';

const NEEDS = { 'shared-api': '^3.1.0', routerExports: [], queryExports: [], federationRuntime: '2.9.1' };
const PROVIDES = { 'shared-api': '3.1.0', routerExports: [], queryExports: [], federationRuntime: '2.9.1' };
const BUILT = '2026-11-27T10:00:00.000Z';

/** What each URL answers: the shell's and the remotes' release.json. */
const FILES: Record<string, unknown> = {
  'http://localhost:3000/release.json': {
    name: 'shell',
    version: '1.4.0',
    commit: 'shell01',
    builtAt: BUILT,
    provides: PROVIDES,
  },
  'http://localhost:3000/releases/remote-agent/1.0.0+aaa/release.json': {
    name: 'remote-agent',
    version: '1.0.0',
    commit: 'aaa',
    builtAt: BUILT,
    needs: NEEDS,
  },
  'http://localhost:3000/releases/remote-agent/1.1.0+bbb/release.json': {
    name: 'remote-agent',
    version: '1.1.0',
    commit: 'bbb',
    builtAt: BUILT,
    needs: NEEDS,
  },
  'https://admin.example.test/release.json': {
    name: 'remote-admin',
    version: '2.0.0',
    commit: 'adm',
    builtAt: BUILT,
    needs: NEEDS,
  },
};

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const body = FILES[String(input)];
  return body ? new Response(JSON.stringify(body), { status: 200 }) : new Response('Not Found', { status: 404 });
});

/** A user id the canary's 10% takes, or one it does not. */
function userIdWhere(onCanary: boolean): string {
  for (let i = 0; ; i++) if (canaryBucket(`agent-${i}`) < 10 === onCanary) return `agent-${i}`;
}

function renderButton(userId: string) {
  sessionOf(testUser('agent', { _id: userId, id: userId }));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AboutButton />
    </QueryClientProvider>,
  );
  return screen.getByRole('button', { name: 'About' });
}

function rowOf(part: string) {
  const header = screen.getByRole('rowheader', { name: part });
  const row = header.closest('tr');
  if (!row) throw new Error(`no row for ${part}`);
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

// the panel is a lazy module: transformed once here, so no test's time goes on compiling it
beforeAll(() => import('./about-dialog'), 60_000);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  applyRuntimeConfig({
    remotes: {
      admin: 'https://admin.example.test/mf-manifest.json',
      agent: {
        stable: '/releases/remote-agent/1.0.0+aaa/mf-manifest.json',
        canary: '/releases/remote-agent/1.1.0+bbb/mf-manifest.json',
        canaryPercent: 10,
      },
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  applyRuntimeConfig({});
});

describe('the About panel', () => {
  it('reads nothing until it is opened, then lists the shell and each area: version, commit, where it came from', async () => {
    const user = userEvent.setup();
    const button = renderButton(userIdWhere(false));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'About' });
    // the dialog's focus effect runs once the lazily loaded panel has committed
    await waitFor(() => expect(dialog).toHaveFocus());
    await waitFor(() => expect(rowOf('shell')).toEqual(['1.4.0', 'shell01', 'this page']));
    expect(rowOf('agent area')).toEqual(['1.0.0', 'aaa', 'stable /releases/remote-agent/1.0.0+aaa/mf-manifest.json']);
    expect(rowOf('admin area')).toEqual(['2.0.0', 'adm', 'stable https://admin.example.test/mf-manifest.json']);
    // no release.json where the manager's remote is: the panel says so rather than guessing
    expect(rowOf('manager area')).toEqual(['unknown', 'unknown', 'stable http://localhost:3002/mf-manifest.json']);
  });

  it("shows the canary a person in the canary's share runs", async () => {
    const user = userEvent.setup();
    await user.click(renderButton(userIdWhere(true)));
    await screen.findByRole('dialog', { name: 'About' });
    await waitFor(() =>
      expect(rowOf('agent area')).toEqual(['1.1.0', 'bbb', 'canary /releases/remote-agent/1.1.0+bbb/mf-manifest.json']),
    );
  });

  it('closes with Escape or its close button and gives the focus back to the About button', async () => {
    const user = userEvent.setup();
    const button = renderButton(userIdWhere(false));
    await user.click(button);
    await screen.findByRole('dialog', { name: 'About' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'About' });
    await user.click(within(dialog).getByRole('button', { name: 'close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});
