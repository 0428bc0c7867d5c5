import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { setRuntimeConfig, useSession } from 'shared-api';
import { MESSAGES } from 'shared-api/contract';
import { answer, requests, resetFakeHttp } from 'shared-api/testing/fake-http';
import { testUser } from 'shared-api/testing/users';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountStatusNotice } from './account-status-notice';
import { renderWithQueries } from './test/render';

const agent = testUser('agent');

function renderNotice(user = agent) {
  return renderWithQueries(
    <MemoryRouter>
      <AccountStatusNotice user={user} />
    </MemoryRouter>,
  );
}

describe('AccountStatusNotice', () => {
  beforeEach(() => {
    resetFakeHttp();
    setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
    useSession.getState().setSession('agent-token', agent);
  });
  afterEach(() => useSession.getState().logout());

  it('asks an agent with no payout account (the server answers 404) to add one, linking to the settings', async () => {
    answer(() => ({ status: 404, data: { message: 'No payout account on file.' } }));
    renderNotice();
    const link = await screen.findByRole('link', { name: 'Add where you want to be paid' });
    expect(link).toHaveAttribute('href', '/agent/settings');
    expect(screen.getByRole('complementary', { name: 'your account' })).toHaveTextContent('you have none on file yet');
    expect(requests[0]?.path).toBe('/api/user/payout-account');
  });

  it('shows nothing to an agent with a payout account', async () => {
    answer(() => ({
      status: 200,
      data: { method: 'jazzcash', account: '+923001234567', holderName: null, updatedAt: '2026-11-20T00:00:00.000Z' },
    }));
    const { container, client } = renderNotice();
    await waitFor(() => expect(requests).toHaveLength(1));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(container).toBeEmptyDOMElement();
  });

  it('shows nothing when the payout account cannot be read', async () => {
    answer(() => ({ status: 500, data: { message: 'Something went wrong.' } }));
    const { container, client } = renderNotice();
    await waitFor(() => expect(requests).toHaveLength(1));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(container).toBeEmptyDOMElement();
  });

  it('shows nothing to an approved manager, without asking the server', () => {
    const { container } = renderNotice(testUser('manager'));
    expect(container).toBeEmptyDOMElement();
    expect(requests).toHaveLength(0);
  });

  it('says when the account itself is not approved', () => {
    renderNotice(testUser('manager', { status: 'pending' }));
    expect(screen.getByRole('complementary', { name: 'your account' })).toHaveTextContent(MESSAGES.accountPending);
    expect(requests).toHaveLength(0);
  });
});
