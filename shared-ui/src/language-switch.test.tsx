import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rememberLocaleForSignIn, saveLocale, setLocale, useLocaleStore, useSession } from 'shared-api';
import type { User } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageSwitch } from './language-switch';

vi.mock('shared-api', async (orig) => ({
  ...(await orig<typeof import('shared-api')>()),
  saveLocale: vi.fn(async () => {}),
  rememberLocaleForSignIn: vi.fn(),
}));

const initial = useSession.getState();

describe('LanguageSwitch', () => {
  beforeEach(() => {
    vi.mocked(saveLocale).mockClear();
    vi.mocked(rememberLocaleForSignIn).mockClear();
  });
  afterEach(async () => {
    useSession.setState(initial, true);
    await act(() => setLocale('en'));
  });

  it('names each language in itself, says which is on, and turns the page right to left for Urdu', async () => {
    const user = userEvent.setup();
    useSession.setState({ status: 'signed-out', user: null, token: null });
    render(<LanguageSwitch />);
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'اردو' }));
    await vi.waitFor(() => expect(useLocaleStore.getState().locale).toBe('ur'));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(await screen.findByRole('group', { name: 'زبان' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'اردو' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('signed out, keeps the choice for the sign-in that follows, and saves nothing yet', async () => {
    const user = userEvent.setup();
    useSession.setState({ status: 'signed-out', user: null, token: null });
    render(<LanguageSwitch />);
    await user.click(screen.getByRole('button', { name: 'اردو' }));
    await vi.waitFor(() => expect(rememberLocaleForSignIn).toHaveBeenCalledWith('ur'));
    expect(saveLocale).not.toHaveBeenCalled();
  });

  it('signed in, saves the choice on the account', async () => {
    const user = userEvent.setup();
    useSession.setState({ status: 'signed-in', token: 't', user: { _id: 'u1', locale: 'en' } as User });
    render(<LanguageSwitch />);
    await user.click(screen.getByRole('button', { name: 'اردو' }));
    await vi.waitFor(() => expect(saveLocale).toHaveBeenCalledWith('ur'));
    expect(rememberLocaleForSignIn).not.toHaveBeenCalled();
  });
});
