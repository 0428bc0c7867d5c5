import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { ApiError, updatePassword, useSession } from 'shared-api';
import { MESSAGES } from 'shared-api/contract';
import { testUser } from 'shared-api/testing/users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsScreen } from './settings-screen';
import { renderWithQueries as render } from './test/render';

vi.mock('shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('shared-api')>()),
  updatePassword: vi.fn(),
}));

const updatePasswordMock = vi.mocked(updatePassword);

const agent = testUser('agent');

function renderScreen() {
  render(
    <>
      <SettingsScreen />
      <ToastContainer />
    </>,
  );
}

async function submit(currentPassword: string, newPassword: string) {
  const user = userEvent.setup();
  if (currentPassword) await user.type(screen.getByLabelText(/^current password/), currentPassword);
  if (newPassword) await user.type(screen.getByLabelText(/^new password/), newPassword);
  await user.click(screen.getByRole('button', { name: 'update password' }));
}

describe('SettingsScreen', () => {
  beforeEach(() => {
    updatePasswordMock.mockReset();
    useSession.getState().setSession('old-token', agent);
  });
  afterEach(() => {
    useSession.getState().logout();
    localStorage.clear();
  });

  it('shows the update password form with show/hide toggles on both fields', async () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'update password' })).toBeInTheDocument();
    const current = screen.getByLabelText(/^current password/);
    const next = screen.getByLabelText(/^new password/);
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    expect(next).toHaveAttribute('autocomplete', 'new-password');
    const toggles = screen.getAllByRole('button', { name: 'show password' });
    expect(toggles).toHaveLength(2);
    await userEvent.click(toggles[1] as HTMLElement);
    expect(next).toHaveAttribute('type', 'text');
    expect(current).toHaveAttribute('type', 'password');
  });

  it("asks for both fields: 'Please fill in both fields.'", async () => {
    renderScreen();
    await submit('old-secret', '');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.fillBothFields);
    expect(updatePasswordMock).not.toHaveBeenCalled();
  });

  it('refuses a new password shorter than 6 characters', async () => {
    renderScreen();
    await submit('old-secret', 'abc');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.passwordTooShort);
    expect(updatePasswordMock).not.toHaveBeenCalled();
  });

  it('says to sign in again when there is no token', async () => {
    useSession.getState().logout();
    renderScreen();
    await submit('old-secret', 'new-secret');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.tokenMissing);
    expect(updatePasswordMock).not.toHaveBeenCalled();
  });

  it('says to sign in again before it checks the fields', async () => {
    useSession.getState().logout();
    renderScreen();
    await submit('', '');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.tokenMissing);
    expect(screen.getByLabelText(/^current password/)).not.toHaveAttribute('aria-invalid');
  });

  it('ties the message to the first field it is about, and focuses it', async () => {
    renderScreen();
    await submit('', 'new-secret');
    expect(screen.getByLabelText(/^current password/)).toHaveAccessibleDescription(MESSAGES.fillBothFields);
    expect(screen.getByLabelText(/^current password/)).toHaveFocus();
  });

  it('updates the password, says so and keeps the session going with the new token', async () => {
    updatePasswordMock.mockResolvedValue({ message: MESSAGES.passwordUpdated, token: 'new-token' });
    renderScreen();
    await submit('old-secret', 'new-secret');

    expect(updatePasswordMock).toHaveBeenCalledWith({ currentPassword: 'old-secret', newPassword: 'new-secret' });
    expect(await screen.findByText(MESSAGES.passwordUpdated)).toBeInTheDocument();
    expect(useSession.getState().token).toBe('new-token');
    expect(useSession.getState().user).toEqual(agent);
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(screen.getByLabelText(/^current password/)).toHaveValue('');
    expect(screen.getByLabelText(/^new password/)).toHaveValue('');
    // the one alert is the success toast: no error is shown
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.passwordUpdated);
  });

  it('waits for the answer with the button disabled', async () => {
    let answer: (value: { message: string; token: string }) => void = () => {};
    updatePasswordMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderScreen();
    await submit('old-secret', 'new-secret');
    expect(screen.getByRole('button', { name: 'updating...' })).toBeDisabled();
    answer({ message: MESSAGES.passwordUpdated, token: 'new-token' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'update password' })).toBeEnabled());
  });

  it("shows the server's message when it refuses, and keeps the token", async () => {
    updatePasswordMock.mockRejectedValue(new ApiError('The current password is incorrect.', 'response', 400, true));
    renderScreen();
    await submit('wrong-secret', 'new-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is incorrect.');
    expect(useSession.getState().token).toBe('old-token');
    expect(screen.getByRole('button', { name: 'update password' })).toBeEnabled();
  });

  it("says 'Failed to update password.' when the server gives no message", async () => {
    updatePasswordMock.mockRejectedValue(new ApiError('Request failed with status code 502', 'response', 502));
    renderScreen();
    await submit('old-secret', 'new-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.passwordUpdateFailed);
  });

  it("says 'No response received from server.' when the network fails", async () => {
    updatePasswordMock.mockRejectedValue(new ApiError(MESSAGES.noResponse, 'network'));
    renderScreen();
    await submit('old-secret', 'new-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('No response received from server.');
  });

  it("says 'Error setting up the request.' when the request could not be made", async () => {
    updatePasswordMock.mockRejectedValue(new ApiError('Invalid URL', 'setup'));
    renderScreen();
    await submit('old-secret', 'new-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.requestSetupError);
  });
});
