/**
 * The contract's sentences in a language (docs/architecture.md, Languages): the server answers
 * in the request's Accept-Language, a screen in the chosen language. English is the product's
 * own text; Urdu is its twin, key for key (messages-ur.ts) and builder for builder
 * (message-builders-ur.ts), with the same signatures.
 */

import { ACCOUNT_MESSAGES } from './accounts';
import { ALERT_MESSAGES, type AlertContent, type AlertMessageBuilders, buildAlertMessage } from './alert-messages';
import { ALERT_MESSAGES_UR, PUSH_TITLES_UR } from './alert-messages-ur';
import { CLIENT_ERROR_MESSAGES } from './client-errors';
import type { UserLocale } from './constants';
import { IDEMPOTENCY_MESSAGES } from './idempotency';
import * as english from './message-builders';
import * as urdu from './message-builders-ur';
import { MESSAGES } from './messages';
import { MESSAGES_UR } from './messages-ur';
import { PASSWORD_RESET_MESSAGES } from './password-reset-messages';
import { PAYOUT_ACCOUNT_MESSAGES } from './payout-account';
import { PUSH_MESSAGES, PUSH_TITLES } from './push';
import * as refusals from './refusals-ur';
import { RESUMABLE_MESSAGES } from './resumable-uploads';

export {
  ALERT_MESSAGES_UR,
  COMMISSION_STATUS_LABELS_UR,
  ORDER_STATUS_LABELS_UR,
  PAYOUT_METHOD_LABELS_UR,
  PUSH_TITLES_UR,
} from './alert-messages-ur';
export { HOLD_LABELS_UR, PASSWORD_RESET_MESSAGES_UR } from './message-builders-ur';
export { MESSAGES_UR } from './messages-ur';
export {
  ACCOUNT_MESSAGES_UR,
  CLIENT_ERROR_MESSAGES_UR,
  IDEMPOTENCY_MESSAGES_UR,
  PAYOUT_ACCOUNT_MESSAGES_UR,
  PUSH_MESSAGES_UR,
  RESUMABLE_MESSAGES_UR,
} from './refusals-ur';

/** The languages the contract is written in (USER_LOCALES; shared-api's LOCALES are the same). */
export type MessageLocale = UserLocale;

/** The sentences built from figures, in English. */
export const MESSAGE_BUILDERS = {
  tooManyFailedSignIns: english.tooManyFailedSignIns,
  anonymousUploadQuota: english.anonymousUploadQuota,
  flagMessage: english.flagMessage,
  orderOnHold: english.orderOnHold,
  paidOnHoldNote: english.paidOnHoldNote,
  changedSinceLoaded: english.changedSinceLoaded,
  remoteIncompatible: english.remoteIncompatible,
  liveAlertAnnouncement: english.liveAlertAnnouncement,
  forgotTooManyFromAddress: PASSWORD_RESET_MESSAGES.forgotTooManyFromAddress,
  forgotTooManyForEmail: PASSWORD_RESET_MESSAGES.forgotTooManyForEmail,
  passwordResetEmailText: PASSWORD_RESET_MESSAGES.emailText,
};
export type MessageBuilders = typeof MESSAGE_BUILDERS;

export const MESSAGE_BUILDERS_UR: MessageBuilders = {
  tooManyFailedSignIns: urdu.tooManyFailedSignIns,
  anonymousUploadQuota: urdu.anonymousUploadQuota,
  flagMessage: urdu.flagMessage,
  orderOnHold: urdu.orderOnHold,
  paidOnHoldNote: urdu.paidOnHoldNote,
  changedSinceLoaded: urdu.changedSinceLoaded,
  remoteIncompatible: urdu.remoteIncompatible,
  liveAlertAnnouncement: urdu.liveAlertAnnouncement,
  forgotTooManyFromAddress: urdu.PASSWORD_RESET_MESSAGES_UR.forgotTooManyFromAddress,
  forgotTooManyForEmail: urdu.PASSWORD_RESET_MESSAGES_UR.forgotTooManyForEmail,
  passwordResetEmailText: urdu.PASSWORD_RESET_MESSAGES_UR.emailText,
};

/** The builders of `locale`: `buildersFor(locale).tooManyFailedSignIns(waitMs)`. */
export function buildersFor(locale: MessageLocale): MessageBuilders {
  return locale === 'ur' ? MESSAGE_BUILDERS_UR : MESSAGE_BUILDERS;
}

/** The alerts' builders of `locale` (alert-messages.ts). */
export function alertMessagesFor(locale: MessageLocale): AlertMessageBuilders {
  return locale === 'ur' ? ALERT_MESSAGES_UR : ALERT_MESSAGES;
}

/** An alert's sentence in `locale`, from its kind and values. */
export function alertMessageIn(locale: MessageLocale, alert: AlertContent): string {
  return buildAlertMessage(alertMessagesFor(locale), alert);
}

/** PUSH_TITLES of `locale`, with the same keys. */
export function pushTitlesFor(locale: MessageLocale): typeof PUSH_TITLES {
  return locale === 'ur' ? PUSH_TITLES_UR : PUSH_TITLES;
}

/** MESSAGES of `locale`, with the same keys. */
export function contractMessagesFor(locale: MessageLocale): { readonly [Key in keyof typeof MESSAGES]: string } {
  return locale === 'ur' ? MESSAGES_UR : MESSAGES;
}

/** PASSWORD_RESET_MESSAGES of `locale`, with the same keys. */
export function passwordResetMessagesFor(locale: MessageLocale): {
  readonly [Key in keyof typeof PASSWORD_RESET_MESSAGES]: (typeof PASSWORD_RESET_MESSAGES)[Key] extends string
    ? string
    : (typeof PASSWORD_RESET_MESSAGES)[Key];
} {
  return locale === 'ur' ? urdu.PASSWORD_RESET_MESSAGES_UR : PASSWORD_RESET_MESSAGES;
}

/**
 * The fixed sentences the server sends, English -> Urdu: MESSAGES and the other tables with an
 * Urdu twin. Pairs are added by `addUrduTwins`; a text with two keys has one translation.
 */
const urduByEnglish = new Map<string, string>();
function addUrduTwins(englishTable: Record<string, unknown>, urduTable: Record<string, unknown>): void {
  for (const [key, text] of Object.entries(englishTable)) {
    const twin = urduTable[key];
    if (typeof text === 'string' && typeof twin === 'string' && !urduByEnglish.has(text)) urduByEnglish.set(text, twin);
  }
}
addUrduTwins(MESSAGES, MESSAGES_UR);
addUrduTwins(PASSWORD_RESET_MESSAGES, urdu.PASSWORD_RESET_MESSAGES_UR);
addUrduTwins(ACCOUNT_MESSAGES, refusals.ACCOUNT_MESSAGES_UR);
addUrduTwins(CLIENT_ERROR_MESSAGES, refusals.CLIENT_ERROR_MESSAGES_UR);
addUrduTwins(IDEMPOTENCY_MESSAGES, refusals.IDEMPOTENCY_MESSAGES_UR);
addUrduTwins(PAYOUT_ACCOUNT_MESSAGES, refusals.PAYOUT_ACCOUNT_MESSAGES_UR);
addUrduTwins(PUSH_MESSAGES, refusals.PUSH_MESSAGES_UR);
addUrduTwins(RESUMABLE_MESSAGES, refusals.RESUMABLE_MESSAGES_UR);

/** A fixed sentence of the contract in `locale`; any other text as it is. */
export function sentenceIn(locale: MessageLocale, englishText: string): string {
  return locale === 'ur' ? (urduByEnglish.get(englishText) ?? englishText) : englishText;
}
