import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PasswordField } from './password-field';

function Field({ error, onChange }: { error?: string | null; onChange?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <PasswordField
      label="new password"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
      autoComplete="new-password"
      required
      error={error}
    />
  );
}

describe('PasswordField', () => {
  it('is a labelled password input that reports what is typed', async () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    const input = screen.getByLabelText(/^new password/);
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    expect(input).toBeRequired();
    await userEvent.type(input, 'secret1');
    expect(onChange).toHaveBeenLastCalledWith('secret1');
    expect(input).toHaveValue('secret1');
  });

  it('shows and hides the password with a toggle button', async () => {
    render(<Field />);
    const input = screen.getByLabelText(/^new password/);

    await userEvent.click(screen.getByRole('button', { name: 'show password' }));
    expect(input).toHaveAttribute('type', 'text');
    const hide = screen.getByRole('button', { name: 'hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(hide);
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'show password' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows its error and ties it to the input', () => {
    render(<Field error="Password must be at least 6 characters." />);
    const input = screen.getByLabelText(/^new password/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Password must be at least 6 characters.');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters.');
  });
});
