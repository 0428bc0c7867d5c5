import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, resetPassword } from 'shared-api';
import { MESSAGES, PASSWORD_RESET_MESSAGES } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, sessionOf } from '../test/render-app';

vi.mock('shared-api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('shared-api')>();
  return { ...actual, resetPassword: vi.fn() };
});

const resetMock = vi.mocked(resetPassword);
const TOKEN = 'Zm9yLXRlc3RzLW9ubHktYS10b2tlbi1vZi00My1jaGFy';

async function openReset(path = `/reset-password?token=${TOKEN}`) {
  renderApp(path);
  // a lazy chunk: its first load in a run can take longer than findBy's default second on a busy machine
  await screen.findByRole('heading', { name: 'set a new password' }, { timeout: 10_000 });
  return userEvent.setup({ delay: null });
}

async function setPassword(first: string, second: string) {
  const user = await openReset();
  await user.type(screen.getByLabelText(/^new password/), first);
  await user.type(screen.getByLabelText(/^repeat new password/), second);
  await user.click(screen.getByRole('button', { name: 'set password' }));
}

describe('reset password page', { timeout: 20_000 }, () => {
  beforeEach(() => sessionOf(null));
  afterEach(() => resetMock.mockReset());

  it("sets the password with the link's token, then says so and links to sign in", async () => {
    resetMock.mockResolvedValue({ message: PASSWORD_RESET_MESSAGES.passwordReset });
    await setPassword('a fresh pass phrase', 'a fresh pass phrase');

    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_RESET_MESSAGES.passwordReset);
    expect(resetMock).toHaveBeenCalledWith({ token: TOKEN, newPassword: 'a fresh pass phrase' });
    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/');
  });

  it('asks for the same password twice, and for the rules of a password, before sending', async () => {
    await setPassword('a fresh pass phrase', 'a fresh pass phrasE');
    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.passwordsDiffer)).toBeInTheDocument();
    expect(resetMock).not.toHaveBeenCalled();
  });

  it('refuses a short password before sending', async () => {
    await setPassword('abc', 'abc');
    expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(resetMock).not.toHaveBeenCalled();
  });

  it('shows a used or expired link as the server says, with a way to ask for a new one', async () => {
    resetMock.mockRejectedValue(new ApiError(PASSWORD_RESET_MESSAGES.linkInvalid, 'response', 400, true));
    await setPassword('a fresh pass phrase', 'a fresh pass phrase');

    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_MESSAGES.linkInvalid);
    expect(screen.getByRole('link', { name: 'ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says a link without its token is not complete', async () => {
    await openReset('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(PASSWORD_RESET_MESSAGES.linkIncomplete);
    expect(screen.queryByLabelText(/^new password/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
