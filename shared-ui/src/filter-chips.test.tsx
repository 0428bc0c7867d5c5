import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilterChips } from './filter-chips';

const options = [
  { value: 'all', label: 'All' },
  { value: 'US', label: 'US' },
  { value: 'UK', label: 'UK' },
] as const;

type Market = (typeof options)[number]['value'];

function Chips({ onChange }: { onChange?: (value: Market) => void }) {
  const [value, setValue] = useState<Market>('all');
  return (
    <FilterChips<Market>
      label="marketplace"
      options={options}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('FilterChips', () => {
  it('is a labelled group with the chosen chip pressed', async () => {
    const onChange = vi.fn();
    render(<Chips onChange={onChange} />);

    expect(screen.getByRole('group', { name: 'marketplace' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'US' })).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'UK' }));
    expect(onChange).toHaveBeenCalledWith('UK');
    expect(screen.getByRole('button', { name: 'UK' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('is one tab stop; arrow keys move between the chips and Enter chooses', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Chips onChange={onChange} />);

    await user.tab();
    expect(screen.getByRole('button', { name: 'All' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'US' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'UK' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('UK');
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'All' })).toHaveFocus();
  });
});
