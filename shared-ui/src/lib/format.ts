/**
 * How money, times and sizes read on every screen (docs/domain.md, Money: Rs for commission, $ for
 * prices), in the chosen language's locale (shared-api's intlLocale: 'en-US' or 'ur-PK'). Each
 * formatter is made once per locale.
 */
import { intlLocale, ltr } from 'shared-api';
import { t } from './i18n';

/** One formatter per locale and kind, made when first asked for. */
function perLocale<F>(make: (locale: string) => F): () => F {
  const made = new Map<string, F>();
  return () => {
    const locale = intlLocale();
    let formatter = made.get(locale);
    if (!formatter) {
      formatter = make(locale);
      made.set(locale, formatter);
    }
    return formatter;
  };
}

const wholeRupees = perLocale((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));
const rupeesWithPaisa = perLocale(
  (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const dollars = perLocale((locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }));
const plainNumber = perLocale((locale) => new Intl.NumberFormat(locale));

function finite(amount: number): number {
  return Number.isFinite(amount) ? amount : 0;
}

/** Between 'Rs' and the figure: a no-break space, so an amount never breaks across two lines. */
export const MONEY_SPACE = '\u00a0';

/**
 * 'Rs 300', 'Rs 1,234.50': two decimals only when the amount has a fraction, or always with
 * `twoDecimals` ('Rs 9.00', for figures read side by side, like a commission's breakdown). The
 * space is MONEY_SPACE (U+00A0): it reads as a space, and never wraps.
 */
export function formatRs(amount: number, options: { twoDecimals?: boolean } = {}): string {
  const rounded = Math.round(finite(amount) * 100) / 100;
  const whole = Number.isInteger(rounded) && !options.twoDecimals;
  const text = whole ? wholeRupees().format(rounded) : rupeesWithPaisa().format(rounded);
  return `Rs${MONEY_SPACE}${text}`;
}

/** '$12.99': a product's price on the agent product grid. */
export function formatPrice(amount: number): string {
  return dollars().format(finite(amount));
}

const dateTimeOptions: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
};

const dateTimeByZone = new Map<string, () => Intl.DateTimeFormat>();
const dateByZone = new Map<string, () => Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = dateTimeByZone.get(key);
  if (!format) {
    format = perLocale((locale) => new Intl.DateTimeFormat(locale, { ...dateTimeOptions, timeZone }));
    dateTimeByZone.set(key, format);
  }
  return format();
}

function dateFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = dateByZone.get(key);
  if (!format) {
    format = perLocale(
      (locale) => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone }),
    );
    dateByZone.set(key, format);
  }
  return format();
}

/**
 * 'Nov 22, 2026, 3:04 PM' in the reader's time zone (or `timeZone`). Recent ICU puts a narrow
 * no-break space before AM/PM; a plain space reads the same and is what people type to search.
 * An unreadable date is shown as it came.
 */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = dateTimeFormat(timeZone).formatToParts(date);
  const text = (some: Intl.DateTimeFormatPart[]) =>
    some
      .map((part) => part.value)
      .join('')
      .replace(/[\u202f\u00a0]/g, ' ');
  // in Urdu the time keeps its order ('10:47 AM', not 'AM10:47'): isolated left to right
  const hour = parts.findIndex((part) => part.type === 'hour');
  return hour < 0 ? text(parts) : `${text(parts.slice(0, hour))}${ltr(text(parts.slice(hour)))}`;
}

/** 'Nov 22, 2026' in the reader's time zone (or `timeZone`): a day, where the time would crowd a table. */
export function formatDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(timeZone).format(date);
}

/**
 * '512 B', '64 KB', '1.2 MB': how much of a download has arrived (1 KB = 1,000 bytes, rounded
 * down, so a figure never runs ahead of what arrived).
 */
export function formatBytes(bytes: number): string {
  const n = Math.max(0, Math.floor(finite(bytes)));
  if (n < 1_000) return `${n} B`;
  if (n < 1_000_000) return `${Math.floor(n / 1_000)} KB`;
  if (n < 1_000_000_000) return `${Math.floor(n / 100_000) / 10} MB`;
  return `${Math.floor(n / 100_000_000) / 10} GB`;
}

/** A chat with the admin's WhatsApp number (the runtime configuration's adminWhatsApp), as wa.me wants it: digits only. */
export function whatsAppLink(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

/** '1,250' in the chosen language's locale. */
export function formatCount(count: number): string {
  return plainNumber().format(count);
}

/**
 * A count and an English noun, singular for one: countOf(1, 'order') is '1 order'. English only:
 * a screen that is translated says its counts with an ICU plural of its catalogue instead
 * (`{count, plural, one {# order} other {# orders}}`), like ordersCount and agentsCount.
 */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : plural}`;
}

/** '1 order', '12 orders' (in the chosen language). */
export const ordersCount = (count: number): string => t('ui.count.orders', { count });

/** '1 agent', '1,250 agents' (in the chosen language). */
export const agentsCount = (count: number): string => t('ui.count.agents', { count });
