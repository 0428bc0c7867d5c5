import { act, render, screen, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { Toasts } from './toasts';

describe('Toasts', () => {
  it('announces what a toast says: an alert inside a polite live region', async () => {
    render(<Toasts />);
    act(() => {
      toast.success('Updated successfully');
      toast.error('Only admins can pay commission.');
    });
    const saved = await screen.findByText('Updated successfully');
    const region = saved.closest('[aria-live]');
    expect(region).toHaveAttribute('aria-live', 'polite');
    const alerts = within(region as HTMLElement).getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Updated successfully'),
        expect.stringContaining('Only admins can pay commission.'),
      ]),
    );
  });
});
