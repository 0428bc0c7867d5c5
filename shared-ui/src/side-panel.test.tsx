import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SidePanel } from './side-panel';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        (view details)
      </button>
      <SidePanel open={open} title="product details" onClose={() => setOpen(false)}>
        <p>Desk lamp</p>
      </SidePanel>
    </>
  );
}

async function openPanel() {
  const user = userEvent.setup();
  const opener = screen.getByRole('button', { name: '(view details)' });
  await user.click(opener);
  return { user, opener };
}

describe('SidePanel', () => {
  it('opens as a modal dialog with the focus inside', async () => {
    render(<Page />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await openPanel();
    const panel = screen.getByRole('dialog', { name: 'product details' });
    expect(panel).toHaveAttribute('aria-modal', 'true');
    expect(panel).toHaveTextContent('Desk lamp');
    expect(panel).toHaveFocus();
  });

  it('closes on a click on the dimmed overlay, not on a click in the panel', async () => {
    render(<Page />);
    const { user } = await openPanel();
    await user.click(screen.getByText('Desk lamp'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('side-panel-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape and with the close button, giving the focus back', async () => {
    render(<Page />);
    let { user, opener } = await openPanel();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    ({ user, opener } = await openPanel());
    await user.click(screen.getByRole('button', { name: 'close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
