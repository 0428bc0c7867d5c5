import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

function Page({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open screenshots
      </button>
      <Modal
        open={open}
        title="order screenshot"
        onClose={() => {
          setOpen(false);
          onClose?.();
        }}
        footer={<button type="button">download</button>}
      >
        <label>
          note
          <input />
        </label>
      </Modal>
    </>
  );
}

async function openModal() {
  const user = userEvent.setup();
  const opener = screen.getByRole('button', { name: 'open screenshots' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'order screenshot' }) };
}

describe('Modal', () => {
  it('is a modal dialog named by its title, and moves the focus into it', async () => {
    render(<Page />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const { dialog } = await openModal();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    expect(screen.getByRole('button', { name: 'download' })).toBeInTheDocument();
  });

  it('keeps Tab inside the dialog, both ways', async () => {
    render(<Page />);
    const { user } = await openModal();
    const close = screen.getByRole('button', { name: 'close' });
    const note = screen.getByRole('textbox', { name: 'note' });
    const download = screen.getByRole('button', { name: 'download' });

    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(note).toHaveFocus();
    await user.tab();
    expect(download).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(download).toHaveFocus();
  });

  it('closes on Escape and gives the focus back to the button that opened it', async () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const { user, opener } = await openModal();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes with the close button and with a click on the dimmed page, not on a click inside', async () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    let { user, dialog } = await openModal();

    await user.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'close' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    ({ user, dialog } = await openModal());
    await user.click(screen.getByTestId('modal-overlay'));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stops the page behind from scrolling while open', async () => {
    render(<Page />);
    const { user } = await openModal();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
  });
});
