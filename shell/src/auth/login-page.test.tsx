import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, setLocale, useSession } from 'shared-api';
import { type LoginInput, MESSAGES, type User } from 'shared-api/contract';
import { testUser } from 'shared-api/testing/users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, sessionOf } from '../test/render-app';

const realLogin = useSession.getState().login;

/** Stubs the network at shared-api's function level: login resolves as the API would. */
function stubLogin(result: (input: LoginInput) => Promise<User>) {
  const login = vi.fn(async (input: LoginInput) => {
    const user = await result(input);
    useSession.getState().setSession('token-from-api', user);
    return user;
  });
  useSession.setState({ login });
  return login;
}

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^email/), email);
  await user.type(screen.getByLabelText(/^password/), password);
  await user.click(screen.getByRole('button', { name: 'sign in' }));
}

describe('login page', () => {
  beforeEach(() => sessionOf(null));
  afterEach(() => {
    useSession.setState({ login: realLogin });
    localStorage.clear();
  });

  it('shows the login form with required, asterisk-marked fields and a register link', () => {
    renderApp('/');
    expect(screen.getByRole('heading', { name: 'login' })).toBeInTheDocument();

    // the accessible name leaves out the aria-hidden asterisk
    expect(screen.getByRole('textbox', { name: 'email' })).toBe(screen.getByLabelText(/^email/));
    const email = screen.getByLabelText(/^email/);
    const password = screen.getByLabelText(/^password/);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toBeRequired();
    for (const input of [email, password]) {
      const label = document.querySelector(`label[for="${input.id}"]`) as HTMLElement;
      const asterisk = within(label).getByText('*');
      expect(asterisk).toHaveAttribute('aria-hidden', 'true');
    }

    expect(screen.getByRole('button', { name: 'sign in' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'register' })).toHaveAttribute('href', '/register');
  });

  it.each([
    ['admin', '/admin/dashboard'],
    ['manager', '/admin/dashboard'],
    ['agent', '/agent/dashboard'],
  ] as const)('signs an %s in and opens %s', async (role, dashboard) => {
    const login = stubLogin(async () => testUser(role));
    renderApp('/');

    await signIn(`${role}@example.com`, 'secret-pass');

    expect(login).toHaveBeenCalledWith({ email: `${role}@example.com`, password: 'secret-pass' });
    expect(await screen.findByText(MESSAGES.loginSuccess)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(dashboard));
  });

  it("shows the server's message when sign-in fails, and stays on the page", async () => {
    stubLogin(async () => {
      throw new ApiError('The email or password is incorrect.', 'response', 401);
    });
    renderApp('/');

    await signIn('admin@example.com', 'wrong-pass');

    expect(await screen.findByText('The email or password is incorrect.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByRole('button', { name: 'sign in' })).toBeEnabled();
  });

  it('disables the button while signing in', async () => {
    let answer: (user: User) => void = () => {};
    stubLogin(() => new Promise<User>((resolve) => (answer = resolve)));
    renderApp('/');

    await signIn('agent@example.com', 'secret-pass');
    expect(screen.getByRole('button', { name: 'sign in' })).toBeDisabled();

    answer(testUser('agent'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/agent/dashboard'));
  });

  describe('in Urdu', () => {
    afterEach(() => act(() => setLocale('en')));

    it('switches to Urdu, right to left, from the switch above the form, and back to English', async () => {
      renderApp('/');
      const user = userEvent.setup();
      const languages = screen.getByRole('group', { name: 'Language' });
      expect(within(languages).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

      await user.click(within(languages).getByRole('button', { name: 'اردو' }));

      expect(await screen.findByRole('heading', { name: 'سائن اِن' })).toBeVisible();
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      expect(document.documentElement).toHaveAttribute('lang', 'ur');
      expect(screen.getByRole('textbox', { name: 'ای میل' })).toBeRequired();
      expect(screen.getByRole('button', { name: 'سائن اِن کریں' })).toBeEnabled();
      expect(screen.getByRole('link', { name: 'رجسٹر کریں' })).toHaveAttribute('href', '/register');
      expect(screen.getByRole('button', { name: 'اردو' })).toHaveAttribute('aria-pressed', 'true');

      await user.click(screen.getByRole('button', { name: 'English' }));

      expect(await screen.findByRole('heading', { name: 'login' })).toBeVisible();
      expect(document.documentElement).toHaveAttribute('dir', 'ltr');
      expect(screen.getByRole('button', { name: 'sign in' })).toBeEnabled();
    });

    it("says 'loged in sucessfully' in Urdu after an Urdu sign-in", async () => {
      stubLogin(async () => testUser('agent'));
      await act(() => setLocale('ur'));
      renderApp('/');
      const user = userEvent.setup();
      await user.type(screen.getByLabelText(/^ای میل/), 'agent@example.com');
      await user.type(screen.getByLabelText(/^پاس ورڈ/), 'secret-pass');
      await user.click(screen.getByRole('button', { name: 'سائن اِن کریں' }));

      expect(await screen.findByText('آپ کامیابی سے لاگ ان ہو گئے')).toBeInTheDocument();
    });
  });
});
