/**
 * Amazon order numbers as people type or paste them: digits only, dashes after the 3rd and
 * 10th digit (3-7-7), at most AMZ_ORDER_NUMBER_LENGTH (19) characters.
 */
import { AMZ_ORDER_NUMBER_LENGTH, AMZ_ORDER_NUMBER_PATTERN } from 'shared-api/contract';

const GROUPS = [3, 7, 7] as const;
const MAX_DIGITS = GROUPS.reduce((sum, size) => sum + size, 0);

/** '123 4567890 1234567xyz' → '123-4567890-1234567'; '1234' → '123-4'. */
export function formatOrderNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, MAX_DIGITS);
  const parts: string[] = [];
  let start = 0;
  for (const size of GROUPS) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join('-').slice(0, AMZ_ORDER_NUMBER_LENGTH);
}

/** A complete order number (3-7-7 digits). */
export function isCompleteOrderNumber(value: string): boolean {
  return AMZ_ORDER_NUMBER_PATTERN.test(value);
}

/** Where the caret goes in `formatted` so that `digitsBefore` digits stay before it. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted[index] ?? '')) seen++;
    if (seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}
