import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { StatCard } from './stat-card';

describe('StatCard', () => {
  it('shows its label, value and hint', () => {
    render(<StatCard label="active products" value={12} hint="approved" />);
    expect(screen.getByText('active products')).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getByText('approved')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('leads to the list behind the figure when given a destination', () => {
    render(
      <MemoryRouter>
        <StatCard label="orders" value={7} to="/admin/orders" />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: /orders/ });
    expect(link).toHaveAttribute('href', '/admin/orders');
    expect(link).toHaveTextContent('7');
  });
});
