import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function dialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  return (
    <ConfirmDialog
      open
      title="Please Confirm"
      message="Are you sure you want to create an order for this product?"
      onConfirm={() => {}}
      onCancel={() => {}}
      {...props}
    />
  );
}

describe('ConfirmDialog', () => {
  it('asks the question and answers Confirm or Cancel', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(dialog({ onConfirm, onCancel }));

    expect(screen.getByRole('dialog', { name: 'Please Confirm' })).toHaveTextContent(
      'Are you sure you want to create an order for this product?',
    );
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('takes its own labels, and puts the focus on Cancel when the action destroys something', () => {
    render(dialog({ confirmLabel: 'Delete', cancelLabel: 'Keep', destructive: true }));
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('ui-button-danger');
  });

  it('waits while busy: both buttons disabled and Escape does not cancel', async () => {
    const onCancel = vi.fn();
    render(dialog({ busy: true, onCancel }));
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    screen.getByRole('dialog').focus();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows nothing when closed', () => {
    render(dialog({ open: false }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
