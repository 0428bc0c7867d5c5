import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OrderNumberInput } from './order-number-input';

function Field({ initial = '', onValue }: { initial?: string; onValue?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <OrderNumberInput
      label="AMZ Order Number"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
      required
    />
  );
}

describe('OrderNumberInput', () => {
  it('is a labelled numeric field with the format as placeholder', () => {
    render(<Field />);
    const input = screen.getByLabelText(/AMZ Order Number/);
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('placeholder', '123-4567890-1234567');
    expect(input).toHaveAttribute('maxlength', '19');
    expect(input).toBeRequired();
  });

  it('inserts the dashes while typing and ignores letters', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Field onValue={onValue} />);
    const input = screen.getByLabelText(/AMZ Order Number/);
    await user.type(input, '1234');
    expect(input).toHaveValue('123-4');
    await user.type(input, 'ab567890');
    expect(input).toHaveValue('123-4567890');
    expect(onValue).toHaveBeenLastCalledWith('123-4567890');
  });

  it('formats a pasted number and stops at 19 characters', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const input = screen.getByLabelText(/AMZ Order Number/);
    await user.click(input);
    await user.paste('123 4567890 1234567xyz');
    expect(input).toHaveValue('123-4567890-1234567');
    await user.type(input, '8');
    expect(input).toHaveValue('123-4567890-1234567');
  });

  it('keeps the caret after the digit typed in the middle', async () => {
    const user = userEvent.setup();
    render(<Field initial="123-4567" />);
    const input = screen.getByLabelText<HTMLInputElement>(/AMZ Order Number/);
    await user.click(input);
    input.setSelectionRange(1, 1);
    await user.keyboard('9');
    expect(input).toHaveValue('192-34567');
    expect(input.selectionStart).toBe(2);
  });

  it('shows its error as an alert tied to the field', () => {
    render(
      <OrderNumberInput
        label="AMZ Order Number"
        value="12"
        onChange={() => {}}
        error="Invalid AMZ Order Number format"
      />,
    );
    const input = screen.getByLabelText(/AMZ Order Number/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Invalid AMZ Order Number format');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid AMZ Order Number format');
  });
});
