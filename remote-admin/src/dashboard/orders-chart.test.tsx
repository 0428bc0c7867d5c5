import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from 'shared-api';
import type { OrderStats } from 'shared-api/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrdersChart, summariseOrderStats } from './orders-chart';

const days = (counts: number[]): OrderStats =>
  counts.map((count, i) => ({ date: `2026-12-${String(i + 1).padStart(2, '0')}`, count }));

describe('OrdersChart', () => {
  it('says so when there were no orders, still drawing a slot for every day', () => {
    const { container } = render(<OrdersChart stats={days(Array(30).fill(0))} />);
    expect(screen.getByRole('img', { name: 'No orders in the last 30 days.' })).toBeInTheDocument();
    expect(container.querySelectorAll('rect')).toHaveLength(30);
  });

  it('names the latest of equally busy days, and a single order in the singular', () => {
    expect(summariseOrderStats(days([1, 0, 0]))).toBe(
      '1 order in the last 3 days; the busiest day was Dec 1, 2026 with 1 order.',
    );
    expect(summariseOrderStats(days([2, 0, 2]))).toBe(
      '4 orders in the last 3 days; the busiest day was Dec 3, 2026 with 2 orders.',
    );
  });

  it('gives screen readers the chart as text: a summary, and every day in a captioned table with headers', () => {
    render(<OrdersChart stats={days([1, 4, 2])} />);
    expect(screen.getByRole('figure', { name: 'orders per day' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: '7 orders in the last 3 days; the busiest day was Dec 2, 2026 with 4 orders.' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'orders per day, last 3 days' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Day', 'Orders']);
    expect(within(table).getByRole('rowheader', { name: 'Dec 2, 2026' }).closest('tr')).toHaveTextContent('4');
  });

  it('scales the bars to the busiest day', () => {
    const { container } = render(<OrdersChart stats={days([1, 4, 2])} />);
    const heights = [...container.querySelectorAll('rect')].map((bar) => Number(bar.getAttribute('height')));
    expect(heights[1]).toBeGreaterThan(heights[2] ?? 0);
    expect(heights[2]).toBeGreaterThan(heights[0] ?? 0);
  });

  it('shows Loading... while the figures load, and a failure with a retry', async () => {
    const { rerender } = render(<OrdersChart stats={null} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    const onRetry = vi.fn();
    rerender(<OrdersChart stats={null} error="Failed to fetch the orders per day." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch the orders per day.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  describe('in Urdu', () => {
    afterEach(() => act(() => setLocale('en')));

    it('says the summary in Urdu, with its plurals, and captions the table', async () => {
      await act(() => setLocale('ur'));
      expect(summariseOrderStats(days([1, 0, 0]))).toMatch(/^پچھلے 3 دنوں میں 1 آرڈر؛ .* 1 آرڈر آیا۔$/);
      expect(summariseOrderStats(days([2, 0, 2]))).toMatch(/^پچھلے 3 دنوں میں 4 آرڈرز؛ .* 2 آرڈرز آئے۔$/);
      expect(summariseOrderStats(days([0, 0]))).toBe('پچھلے 2 دنوں میں کوئی آرڈر نہیں۔');
      render(<OrdersChart stats={days([1, 4, 2])} />);
      expect(screen.getByRole('figure', { name: 'روزانہ آرڈرز' })).toBeInTheDocument();
      expect(screen.getByRole('table', { name: 'روزانہ آرڈرز، پچھلے 3 دن' })).toBeInTheDocument();
    });
  });
});
