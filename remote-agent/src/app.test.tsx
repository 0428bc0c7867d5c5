import { act, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { setLocale, useSession } from 'shared-api';
import { APP_ROUTES } from 'shared-api/contract';
import { testUser } from 'shared-api/testing/users';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithQueries } from '../../shared-ui/src/test/render';
import AgentApp from './app';
import { AGENT_PAGES } from './routes';

const agent = testUser('agent', { _id: 'u1', id: 'u1' });

function renderArea(path: string) {
  return renderWithQueries(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/agent/*" element={<AgentApp />} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
}

describe('agent area', () => {
  beforeEach(() => useSession.getState().setSession('token', agent));

  it('has a page for every agent route of the route table', () => {
    const tablePaths = APP_ROUTES.filter((r) => r.remote === 'agent').map((r) => r.path);
    expect(Object.keys(AGENT_PAGES).sort()).toEqual([...tablePaths].sort());
  });

  it('greets the signed-in user on the dashboard and says welcome back once', async () => {
    renderArea('/agent/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Andy Agent' })).toBeInTheDocument();
    expect(await screen.findByText('Welcome back, Andy!')).toBeInTheDocument();
  });

  it('shows the page named by the route', async () => {
    renderArea('/agent/detail/42');
    expect(await screen.findByRole('heading', { name: 'submit order' })).toBeInTheDocument();
  });

  it('shows the password settings at /agent/settings', async () => {
    renderArea('/agent/settings');
    expect(await screen.findByRole('heading', { name: 'update password' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^current password/)).toHaveAttribute('type', 'password');
  });

  it('shows the area in Urdu once its catalogue is loaded, with the language switch in settings', async () => {
    await act(() => setLocale('ur'));
    try {
      renderArea('/agent/settings');
      expect(await screen.findByRole('heading', { name: 'زبان' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'English' })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'پے آؤٹ اکاؤنٹ' })).toBeInTheDocument();
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
