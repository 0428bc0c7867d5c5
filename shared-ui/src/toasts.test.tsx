import { act, render, screen, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { setLocale } from 'shared-api';
import { afterEach, describe, expect, it } from 'vitest';
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

  describe('in Urdu', () => {
    afterEach(() => act(() => setLocale('en')));

    it('stands in the top left corner and is written right to left', async () => {
      await act(() => setLocale('ur'));
      const { container } = render(<Toasts />);
      act(() => {
        toast.info('سلام');
      });
      await screen.findByText('سلام');
      const corner = container.querySelector('.Toastify__toast-container');
      expect(corner).toHaveClass('Toastify__toast-container--top-left');
      expect(corner?.querySelector('.Toastify__toast')).toHaveClass('Toastify__toast--rtl');
    });
  });
});
