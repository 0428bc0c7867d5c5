/**
 * The Urdu twins of the sentences built from figures (message-builders.ts,
 * password-reset-messages.ts): the same signatures, so a caller picks a language's set with
 * `buildersFor(locale)` (localized-messages.ts). Numbers, order numbers and versions stay as
 * they are; a flag's English label from FLAG_LABELS/HOLD_LABELS is put in Urdu.
 */
import { PASSWORD_RESET_LINK_MINUTES } from './password-reset-messages';
import type { UnmetNeed } from './release';

/** FLAG_LABELS and HOLD_LABELS (constants.ts) in Urdu, by their English label and by their code. */
export const HOLD_LABELS_UR = {
  'paypal-shared': 'PayPal کسی دوسرے ایجنٹ کے ساتھ مشترک',
  'screenshot-reused': 'اسکرین شاٹ دوبارہ استعمال ہوا',
  'number-seen': 'آرڈر نمبر پہلے بھی آ چکا ہے',
  'payout-account-shared': 'ادائیگی کا اکاؤنٹ کسی دوسرے ایجنٹ کے ساتھ مشترک',
  'agent-suspended': 'ایجنٹ معطل ہے',
} as const;
const LABELS_BY_ENGLISH: Record<string, string> = {
  'PayPal shared with another agent': HOLD_LABELS_UR['paypal-shared'],
  'Screenshot reused': HOLD_LABELS_UR['screenshot-reused'],
  'Order number seen before': HOLD_LABELS_UR['number-seen'],
  'Payout account shared with another agent': HOLD_LABELS_UR['payout-account-shared'],
  'The agent is suspended': HOLD_LABELS_UR['agent-suspended'],
};
const label = (english: string) => LABELS_BY_ENGLISH[english] ?? english;

/** Urdu counts minutes and seconds with the same word for one and many. */
const minutesUr = (waitMs: number) => `${Math.max(1, Math.ceil(waitMs / 60_000))} منٹ`;

export function tooManyFailedSignIns(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1_000));
  if (seconds < 60) return `اس اکاؤنٹ پر بہت زیادہ ناکام سائن اِن ہوئے۔ ${seconds} سیکنڈ بعد دوبارہ کوشش کریں۔`;
  return `اس اکاؤنٹ پر بہت زیادہ ناکام سائن اِن ہوئے۔ ${Math.ceil(waitMs / 60_000)} منٹ بعد دوبارہ کوشش کریں۔`;
}

export const anonymousUploadQuota = {
  address: (waitMs: number) =>
    `آپ کے نیٹ ورک سے شناختی کارڈ کی بہت زیادہ تصاویر اپ لوڈ ہوئی ہیں۔ ${minutesUr(waitMs)} بعد دوبارہ کوشش کریں۔`,
  everyone: (waitMs: number) =>
    `اس وقت شناختی کارڈ کی بہت زیادہ تصاویر اپ لوڈ ہو رہی ہیں۔ ${minutesUr(waitMs)} بعد دوبارہ کوشش کریں۔`,
};

const otherOrders = (n: number) => (n === 1 ? 'ایک دوسرے آرڈر' : `${n} دوسرے آرڈرز`);
export function flagMessage(
  code: 'paypal-shared' | 'screenshot-reused' | 'number-seen' | 'payout-account-shared',
  related: number,
): string {
  switch (code) {
    case 'paypal-shared':
      return `خریدار کا PayPal کسی دوسرے ایجنٹ کے ${related === 1 ? 'ایک آرڈر' : `${related} آرڈرز`} پر بھی ہے۔`;
    case 'screenshot-reused':
      return `آرڈر کا اسکرین شاٹ وہی تصویر ہے جو ${otherOrders(related)} کی ہے۔`;
    case 'number-seen':
      return `یہ آرڈر نمبر پہلے ${otherOrders(related)} پر آ چکا ہے۔`;
    case 'payout-account-shared':
      return `ایجنٹ کا ادائیگی کا اکاؤنٹ ${related === 1 ? 'ایک دوسرے ایجنٹ' : `${related} دوسرے ایجنٹس`} کا بھی ہے۔`;
  }
}

export function orderOnHold(flagLabel: string, orderNumber?: string): string {
  const which = orderNumber ? `آرڈر ${orderNumber}` : 'یہ آرڈر';
  return `${which} روکا گیا ہے: "${label(flagLabel)}" ختم نہیں کیا گیا۔ کمیشن کی ادائیگی سے پہلے کسی ایڈمن کو فلیگ دیکھ کر اسے ختم کرنا ہوگا۔`;
}

export function paidOnHoldNote(labels: readonly string[]): string {
  return `روکا گیا ہے: ${labels.map(label).join('؛ ')}۔ جب تک کوئی ایڈمن نیچے ${labels.length === 1 ? 'دیا گیا فلیگ' : 'دیے گئے فلیگ'} ختم نہ کرے، اسے ادا شدہ نشان زد نہیں کیا جا سکتا۔`;
}

const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const RECORDS_UR = { product: 'پروڈکٹ', order: 'آرڈر' } as const;
export function changedSinceLoaded(record: 'product' | 'order', by: string | null, at: Date): string {
  return `آپ کے کھولنے کے بعد اس ${RECORDS_UR[record]} کو ${by || 'کسی'} نے ${utcMinute(at)} پر تبدیل کیا۔ تبدیلیاں دیکھنے کے لیے اسے دوبارہ لوڈ کریں، پھر اپنی تبدیلیاں دوبارہ کریں۔`;
}

const PART_LABELS_UR: Record<UnmetNeed['part'], string> = {
  'shared-api': 'shared-api',
  federationRuntime: 'federation runtime',
  routerExports: 'react-router-dom',
  queryExports: '@tanstack/react-query',
};
const AREAS_UR: Record<string, string> = { admin: 'ایڈمن', manager: 'مینیجر', agent: 'ایجنٹ' };
const shortVersion = (version: string) => version.replace(/^(\d+\.\d+)\.0$/, '$1');
const floorOf = (range: string) => /^\D*(\d+\.\d+\.\d+)/.exec(range)?.[1];
const isBelow = (version: string, floor: string) => version.localeCompare(floor, 'en', { numeric: true }) < 0;

export function remoteIncompatible(remote: string, unmet: readonly UnmetNeed[]): string {
  const name = remote.replace(/^remote-/, '');
  const area = `${AREAS_UR[name] ?? name} کا حصہ`;
  const sentences = unmet.map(({ part, needs, has }) => {
    if (part === 'routerExports' || part === 'queryExports') {
      return `${area} ایپ کا نیا ورژن چاہتا ہے (${PART_LABELS_UR[part]} کے ${needs}، جو اس ایپ میں نہیں ہیں)۔`;
    }
    const floor = floorOf(needs);
    if (floor && isBelow(has, floor)) {
      return `${area} ایپ کا نیا ورژن چاہتا ہے (${PART_LABELS_UR[part]} ${shortVersion(floor)} یا اس کے بعد کا؛ اس ایپ میں ${shortVersion(has)} ہے)۔`;
    }
    return `${area} ایپ کے پرانے ورژن کے لیے بنا تھا (${PART_LABELS_UR[part]} ${needs}؛ اس ایپ میں ${shortVersion(has)} ہے)۔`;
  });
  return `${sentences.join(' ')} بعد میں دوبارہ لوڈ کریں، یا ایڈمن سے پوچھیں۔`;
}

export function liveAlertAnnouncement(message: string): string {
  return `نیا الرٹ: ${message}`;
}

/** PASSWORD_RESET_MESSAGES in Urdu, key for key. */
export const PASSWORD_RESET_MESSAGES_UR = {
  forgotAccepted: `اگر کسی منظور شدہ اکاؤنٹ کی یہ ای میل ہے تو نیا پاس ورڈ بنانے کا لنک اس پر بھیجا جا رہا ہے۔ لنک ایک بار، ${PASSWORD_RESET_LINK_MINUTES} منٹ کے اندر کام کرتا ہے۔`,
  mailNotConfigured:
    'یہاں ای میل کے ذریعے پاس ورڈ ری سیٹ دستیاب نہیں: اس کے بجائے WhatsApp پر ایڈمن سے ری سیٹ لنک مانگیں۔',
  contactAdmin: 'یہاں ای میل کے ذریعے پاس ورڈ ری سیٹ دستیاب نہیں۔ ری سیٹ لنک کے لیے WhatsApp پر ایڈمن کو پیغام بھیجیں:',
  contactAdminWithoutNumber: 'یہاں ای میل کے ذریعے پاس ورڈ ری سیٹ دستیاب نہیں۔ ایڈمن سے ری سیٹ لنک مانگیں۔',
  forgotTooManyFromAddress: (waitMs: number) =>
    `آپ کے نیٹ ورک سے پاس ورڈ ری سیٹ کی بہت زیادہ درخواستیں آئی ہیں۔ ${minutesUr(waitMs)} بعد دوبارہ کوشش کریں۔`,
  forgotTooManyForEmail: (waitMs: number) =>
    `اس ای میل کے لیے پاس ورڈ ری سیٹ کی بہت زیادہ درخواستیں آئی ہیں۔ ${minutesUr(waitMs)} بعد دوبارہ کوشش کریں۔`,
  forgotFailed: 'درخواست نہیں بھیجی جا سکی۔ براہِ کرم دوبارہ کوشش کریں۔',
  linkInvalid: 'اس لنک کی میعاد ختم ہو چکی ہے یا یہ پہلے ہی استعمال ہو چکا ہے۔',
  linkIncomplete: 'یہ لنک مکمل نہیں ہے۔ ای میل سے لنک دوبارہ کھولیں، یا نیا لنک مانگیں۔',
  passwordReset: 'آپ کا پاس ورڈ تبدیل ہو گیا۔ نئے پاس ورڈ سے سائن اِن کریں۔',
  resetFailed: 'پاس ورڈ تبدیل نہیں ہو سکا۔ براہِ کرم دوبارہ کوشش کریں۔',
  passwordsDiffer: 'دونوں پاس ورڈ ایک جیسے نہیں ہیں۔',
  confirmRequired: 'نیا پاس ورڈ دوبارہ ٹائپ کریں۔',
  resetNotApproved: 'پاس ورڈ ری سیٹ کا لنک صرف منظور شدہ اکاؤنٹ کو دیا جا سکتا ہے۔',
  emailSubject: 'نیا پاس ورڈ بنائیں',
  emailText: (link: string) =>
    `کسی نے (امید ہے آپ نے) آپ کے اکاؤنٹ کا نیا پاس ورڈ بنانے کی درخواست کی ہے۔\n\nنیا پاس ورڈ چننے کے لیے یہ لنک ${PASSWORD_RESET_LINK_MINUTES} منٹ کے اندر کھولیں؛ یہ ایک بار کام کرتا ہے:\n\n${link}\n\nاگر آپ نے یہ درخواست نہیں کی تو اس ای میل کو نظر انداز کریں: آپ کا پاس ورڈ جوں کا توں رہے گا۔`,
} as const;
