import { render, screen } from '@testing-library/react';
import { MESSAGES } from 'shared-api/contract';
import { describe, expect, it } from 'vitest';
import { ReviewNotice } from './review-notice';

describe('ReviewNotice', () => {
  it('tells agents to review honestly, disclose the compensation, and that commission ignores the rating', () => {
    render(<ReviewNotice />);
    const note = screen.getByRole('note', { name: 'Honest reviews' });
    expect(note).toHaveTextContent(MESSAGES.reviewHonestyNotice);
    expect(note).toHaveTextContent(/honest/i);
    expect(note).toHaveTextContent(/for free or were compensated/);
    expect(note).toHaveTextContent(/never depends on the rating or tone/);
  });
});
