import { setLocale } from 'shared-api';
import { afterEach, describe, expect, it } from 'vitest';
import {
  agentsCount,
  formatBytes,
  formatCount,
  formatDate,
  formatDateTime,
  formatPrice,
  formatRs,
  ordersCount,
} from './format';

describe('formatRs', () => {
  it("joins 'Rs' and the figure with a no-break space, so an amount never wraps", () => {
    expect(formatRs(2150)).toBe('Rs\u00a02,150');
    expect(formatRs(2150)).not.toMatch(/ /);
  });

  it('shows whole rupees without decimals', () => {
    expect(formatRs(300)).toBe('Rs\u00a0300');
    expect(formatRs(0)).toBe('Rs\u00a00');
    expect(formatRs(1234567)).toBe('Rs\u00a01,234,567');
  });

  it('shows two decimals when the amount has a fraction', () => {
    expect(formatRs(1234.5)).toBe('Rs\u00a01,234.50');
    expect(formatRs(0.06)).toBe('Rs\u00a00.06');
    expect(formatRs(234.1)).toBe('Rs\u00a0234.10');
  });

  it('rounds to paisa, and a rounding that lands on a whole rupee drops the decimals', () => {
    expect(formatRs(10.004)).toBe('Rs\u00a010');
    expect(formatRs(10.125)).toBe('Rs\u00a010.13');
  });

  it('shows Rs 0 for a missing amount instead of NaN', () => {
    expect(formatRs(Number.NaN)).toBe('Rs\u00a00');
  });

  it('always shows two decimals when asked to', () => {
    expect(formatRs(9, { twoDecimals: true })).toBe('Rs\u00a09.00');
    expect(formatRs(351.004, { twoDecimals: true })).toBe('Rs\u00a0351.00');
    expect(formatRs(1234.5, { twoDecimals: true })).toBe('Rs\u00a01,234.50');
  });
});

describe('formatPrice', () => {
  it('shows dollars with cents', () => {
    expect(formatPrice(12.99)).toBe('$12.99');
    expect(formatPrice(12)).toBe('$12.00');
    expect(formatPrice(1999.5)).toBe('$1,999.50');
  });
});

describe('formatDateTime', () => {
  it('shows short month, day, year and 12-hour time with minutes', () => {
    expect(formatDateTime('2026-11-22T15:04:00.000Z', 'UTC')).toBe('Nov 22, 2026, 3:04 PM');
    expect(formatDateTime('2026-01-05T00:09:00.000Z', 'UTC')).toBe('Jan 5, 2026, 12:09 AM');
  });

  it("uses the reader's time zone by default", () => {
    const iso = '2026-11-22T15:04:00.000Z';
    const expected = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .format(new Date(iso))
      .replace(/\u202f/g, ' ');
    expect(formatDateTime(iso)).toBe(expected);
  });

  it('shows an unreadable date as it came', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('formatBytes', () => {
  it('reads bytes, kilobytes, megabytes and gigabytes, rounded down', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(65_536)).toBe('65 KB');
    expect(formatBytes(999_999)).toBe('999 KB');
    expect(formatBytes(1_250_000)).toBe('1.2 MB');
    expect(formatBytes(48_000_000)).toBe('48 MB');
    expect(formatBytes(2_345_000_000)).toBe('2.3 GB');
  });

  it('reads nonsense as nothing received', () => {
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });
});

describe('formatDate', () => {
  it('reads the day alone, in the given time zone, and shows an unreadable date as it came', () => {
    expect(formatDate('2026-11-22T23:30:00.000Z', 'UTC')).toBe('Nov 22, 2026');
    expect(formatDate('2026-11-22T23:30:00.000Z', 'Asia/Karachi')).toBe('Nov 23, 2026');
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('in Urdu (ur-PK)', () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it("formats money, dates and counts with ur-PK, and English's again after the switch back", async () => {
    await setLocale('ur');
    const urDate = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('ur-PK', { ...options, timeZone: 'UTC' }).format(new Date('2026-11-22T15:04:00.000Z'));

    expect(formatRs(1234.5)).toBe(
      `Rs\u00a0${new Intl.NumberFormat('ur-PK', { minimumFractionDigits: 2 }).format(1234.5)}`,
    );
    expect(formatPrice(12.99)).toBe(
      new Intl.NumberFormat('ur-PK', { style: 'currency', currency: 'USD' }).format(12.99),
    );
    expect(formatDate('2026-11-22T15:04:00.000Z', 'UTC')).toBe(
      urDate({ month: 'short', day: 'numeric', year: 'numeric' }),
    );
    expect(formatDate('2026-11-22T15:04:00.000Z', 'UTC')).toContain('نومبر');
    expect(formatDateTime('2026-11-22T15:04:00.000Z', 'UTC')).toContain('نومبر');
    expect(formatCount(1250)).toBe(new Intl.NumberFormat('ur-PK').format(1250));
    expect(ordersCount(1)).toBe('1 آرڈر');
    expect(ordersCount(12)).toBe('12 آرڈرز');
    expect(agentsCount(2)).toBe('2 ایجنٹس');

    await setLocale('en');
    expect(formatDate('2026-11-22T15:04:00.000Z', 'UTC')).toBe('Nov 22, 2026');
    expect(ordersCount(1)).toBe('1 order');
    expect(ordersCount(1250)).toBe('1,250 orders');
    expect(agentsCount(1)).toBe('1 agent');
  });

  it("keeps the time's order in a right-to-left line: '3:04 PM' isolated left to right, the date in Urdu", async () => {
    await setLocale('ur');
    const shown = formatDateTime('2026-11-22T15:04:00.000Z', 'UTC');
    expect(shown).toMatch(/^22 نومبر، 2026، \u20663:04 PM\u2069$/);
  });
});
