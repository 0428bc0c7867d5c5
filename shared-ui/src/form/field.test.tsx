import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, FieldGroup } from './field';
import { RequiredMark } from './required-mark';

describe('Field', () => {
  it('labels its control and marks a required one with an asterisk screen readers skip', () => {
    render(
      <Field id="buyer" label="Buyer Name" required>
        {(tie) => <input {...tie} />}
      </Field>,
    );
    const input = screen.getByLabelText(/^Buyer Name/);
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('id', 'buyer');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    const mark = screen.getByText('*');
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(mark.closest('label')).toHaveTextContent('Buyer Name *');
    expect(mark.closest('label')).toHaveAttribute('for', 'buyer');
  });

  it('has no mark when the field is optional', () => {
    render(
      <Field id="comments" label="Comments">
        {(tie) => <textarea {...tie} />}
      </Field>,
    );
    expect(screen.getByLabelText('Comments')).not.toBeRequired();
    expect(screen.queryByText('*')).not.toBeInTheDocument();
  });

  it('ties its hint to the control', () => {
    render(
      <Field id="referral" label="referral user id" hint="Set by the referral link you opened.">
        {(tie) => <input {...tie} />}
      </Field>,
    );
    expect(screen.getByLabelText('referral user id')).toHaveAccessibleDescription(
      'Set by the referral link you opened.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows its message as an alert, marks the control invalid and describes it with the message first', () => {
    render(
      <Field id="number" label="AMZ Order Number" hint="As on the order page." error="Invalid AMZ Order Number format">
        {(tie) => <input {...tie} />}
      </Field>,
    );
    const input = screen.getByLabelText('AMZ Order Number');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'number-error number-hint');
    expect(input).toHaveAccessibleDescription('Invalid AMZ Order Number format As on the order page.');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid AMZ Order Number format');
  });
});

describe('FieldGroup', () => {
  it('names a group of choices by its legend and ties its message to the group', () => {
    render(
      <FieldGroup id="gender" legend="gender" required error="Gender is required.">
        <label>
          <input type="radio" name="gender" value="male" />
          male
        </label>
      </FieldGroup>,
    );
    const group = screen.getByRole('group', { name: 'gender' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Gender is required.');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('RequiredMark', () => {
  it('is an asterisk hidden from screen readers', () => {
    render(<RequiredMark />);
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });
});
