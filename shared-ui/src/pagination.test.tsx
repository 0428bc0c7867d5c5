import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

describe('Pagination', () => {
  it('says which rows are shown and moves to the next and previous page', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={2} pageSize={50} total={230} onPageChange={onPageChange} />);

    expect(screen.getByText('Showing 51–100 of 230')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = render(<Pagination page={1} pageSize={50} total={230} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    rerender(<Pagination page={5} pageSize={50} total={230} onPageChange={() => {}} />);
    expect(screen.getByText('Showing 201–230 of 230')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('stops at the rows the API serves and asks for a filter to see the rest', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={500} pageSize={20} total={100_000} onPageChange={onPageChange} />);
    expect(screen.getByText('Showing 9,981–10,000 of 100,000')).toBeInTheDocument();
    expect(screen.getByText('Page 500 of 500')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByText(/narrow the list with a filter/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(499);
  });

  it('shows nothing when one page holds everything', () => {
    const { container } = render(<Pagination page={1} pageSize={50} total={50} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
