import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changedSinceLoaded } from 'shared-api/contract';
import { describe, expect, it, vi } from 'vitest';
import { ChangedSinceLoaded } from './changed-since-loaded';

describe('ChangedSinceLoaded', () => {
  it("shows who changed the record and when, and reloads it on the button's click", async () => {
    const onReload = vi.fn();
    const message = changedSinceLoaded('order', 'Mina Vendor', new Date('2026-11-27T12:34:56Z'));
    render(<ChangedSinceLoaded message={message} onReload={onReload} reloadLabel="reload the order" />);
    expect(screen.getByRole('alert')).toHaveTextContent('changed by Mina Vendor at 2026-11-27 12:34 UTC');
    await userEvent.click(screen.getByRole('button', { name: 'reload the order' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
