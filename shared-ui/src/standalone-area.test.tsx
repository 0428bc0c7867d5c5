import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, useSession } from 'shared-api';
import type { User } from 'shared-api/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StandaloneArea } from './standalone-area';

const initial = useSession.getState();

function renderSignIn() {
  render(
    <MemoryRouter>
      <StandaloneArea title="agent" basePath="/agent" landingPath="/agent/dashboard">
        <p>the area</p>
      </StandaloneArea>
    </MemoryRouter>,
  );
}

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('email'), 'agent@example.com');
  await user.type(screen.getByLabelText('password'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'sign in' }));
}

describe("a remote's standalone sign-in", () => {
  const login = vi.fn<(input: { email: string; password: string }) => Promise<User>>();
  beforeEach(() => {
    useSession.setState({ status: 'signed-out', user: null, token: null, boot: async () => {}, login });
  });
  afterEach(() => {
    useSession.setState(initial, true);
    login.mockReset();
  });

  it('waits for the answer with the button disabled, then says why the sign-in was refused', async () => {
    let refuse: (error: Error) => void = () => {};
    login.mockReturnValue(new Promise((_resolve, reject) => (refuse = reject)));
    const user = userEvent.setup();
    renderSignIn();

    await signIn(user);
    expect(login).toHaveBeenCalledWith({ email: 'agent@example.com', password: 'secret-pass' });
    expect(screen.getByRole('button', { name: 'sign in' })).toBeDisabled();
    await act(async () => refuse(new ApiError('Invalid email or password.', 'response', 401, true)));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(document.querySelector('form')).toHaveAccessibleDescription('Invalid email or password.');
    expect(screen.getByRole('button', { name: 'sign in' })).toBeEnabled();
    expect(screen.getByLabelText('email')).toHaveValue('agent@example.com');
  });
});
