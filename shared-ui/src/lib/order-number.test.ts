import { describe, expect, it } from 'vitest';
import { caretAfterDigits, formatOrderNumber, isCompleteOrderNumber } from './order-number';

describe('formatOrderNumber', () => {
  it('keeps the digits of a pasted number and puts the dashes in', () => {
    expect(formatOrderNumber('123 4567890 1234567xyz')).toBe('123-4567890-1234567');
  });

  it('inserts a dash as soon as the next group starts', () => {
    expect(formatOrderNumber('1234')).toBe('123-4');
    expect(formatOrderNumber('12345678901')).toBe('123-4567890-1');
  });

  it('adds no trailing dash after a complete group', () => {
    expect(formatOrderNumber('123')).toBe('123');
    expect(formatOrderNumber('1234567890')).toBe('123-4567890');
  });

  it('stops at 19 characters', () => {
    const formatted = formatOrderNumber('12345678901234567999');
    expect(formatted).toBe('123-4567890-1234567');
    expect(formatted).toHaveLength(19);
  });

  it('drops everything that is not a digit, and is empty when nothing is left', () => {
    expect(formatOrderNumber('abc-')).toBe('');
    expect(formatOrderNumber('')).toBe('');
    expect(formatOrderNumber('--1-2-3--4')).toBe('123-4');
  });

  it('leaves a formatted number as it is', () => {
    expect(formatOrderNumber('123-4567890-1234567')).toBe('123-4567890-1234567');
  });
});

describe('isCompleteOrderNumber', () => {
  it('accepts only 3-7-7 digits', () => {
    expect(isCompleteOrderNumber('123-4567890-1234567')).toBe(true);
    expect(isCompleteOrderNumber('123-4567890-123456')).toBe(false);
    expect(isCompleteOrderNumber('1234567890123456789')).toBe(false);
  });
});

describe('caretAfterDigits', () => {
  it('places the caret after the same number of digits, skipping dashes', () => {
    expect(caretAfterDigits('123-4567', 0)).toBe(0);
    expect(caretAfterDigits('123-4567', 3)).toBe(3);
    expect(caretAfterDigits('123-4567', 4)).toBe(5);
    expect(caretAfterDigits('123-4567', 9)).toBe(8);
  });
});
