import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, requestPasswordReset, setRuntimeConfig } from 'shared-api';
import { MESSAGES, PASSWORD_RESET_MESSAGES } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, sessionOf } from '../test/render-app';

vi.mock('shared-api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('shared-api')>();
  return { ...actual, requestPasswordReset: vi.fn() };
});

const requestMock = vi.mocked(requestPasswordReset);

async function openForgot() {
  renderApp('/forgot-password');
  // a lazy chunk: its first load in a run can take longer than findBy's default second on a busy machine
  await screen.findByRole('heading', { name: 'forgot password' }, { timeout: 10_000 });
  return userEvent.setup({ delay: null });
}

async function ask(email: string) {
  const user = await openForgot();
  await user.type(screen.getByLabelText(/^email/), email);
  await user.click(screen.getByRole('button', { name: 'send the link' }));
  return user;
}

describe('forgot password page', { timeout: 20_000 }, () => {
  beforeEach(() => sessionOf(null));
  afterEach(() => {
    requestMock.mockReset();
    setRuntimeConfig({});
  });

  it("is linked under the sign-in form as 'forgot password?'", async () => {
    renderApp('/');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('link', { name: 'forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'forgot password' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
  });

  it('sends the email and shows the one answer, whoever has the email', async () => {
    requestMock.mockResolvedValue({ message: PASSWORD_RESET_MESSAGES.forgotAccepted });
    await ask('sana@example.com');

    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_RESET_MESSAGES.forgotAccepted);
    expect(requestMock).toHaveBeenCalledWith({ email: 'sana@example.com' });
    expect(screen.getByRole('link', { name: 'back to sign in' })).toHaveAttribute('href', '/');
  });

  it('asks for a valid email before sending anything', async () => {
    await ask('not an email');
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(requestMock).not.toHaveBeenCalled();
  });

  it("says to message the admin on WhatsApp when the server sends no email, with the admin's number", async () => {
    setRuntimeConfig({ adminWhatsApp: '+92 300 1112233' });
    requestMock.mockRejectedValue(new ApiError(PASSWORD_RESET_MESSAGES.mailNotConfigured, 'response', 503, true));
    await ask('sana@example.com');

    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_MESSAGES.contactAdmin);
    expect(screen.getByRole('link', { name: '+92 300 1112233' })).toHaveAttribute('href', 'https://wa.me/923001112233');
    // nothing says a link was sent
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_RESET_MESSAGES.forgotAccepted)).not.toBeInTheDocument();
  });

  it('says to ask the admin when no WhatsApp number is configured either', async () => {
    requestMock.mockRejectedValue(new ApiError(PASSWORD_RESET_MESSAGES.mailNotConfigured, 'response', 503, true));
    await ask('sana@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_MESSAGES.contactAdminWithoutNumber);
  });

  it("shows the server's refusal, such as too many requests, and keeps the email typed", async () => {
    const tooMany = PASSWORD_RESET_MESSAGES.forgotTooManyForEmail(3_600_000);
    requestMock.mockRejectedValue(new ApiError(tooMany, 'response', 429, true));
    await ask('sana@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(tooMany);
    await waitFor(() => expect(screen.getByLabelText(/^email/)).toHaveValue('sana@example.com'));
  });
});
