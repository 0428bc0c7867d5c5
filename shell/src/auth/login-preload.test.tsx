import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, sessionOf } from '../test/render-app';

const preloadClient = vi.hoisted(() => vi.fn());
vi.mock('shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-api')>()),
  preloadClient,
}));

describe('login page and the API client', () => {
  it('starts loading the API client once the page is idle, before any sign-in', async () => {
    sessionOf(null);
    renderApp('/');
    expect(screen.getByRole('heading', { name: 'login' })).toBeInTheDocument();
    await waitFor(() => expect(preloadClient).toHaveBeenCalledTimes(1));
  });
});
