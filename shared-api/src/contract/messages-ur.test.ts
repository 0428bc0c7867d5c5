import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from './accounts';
import { CLIENT_ERROR_MESSAGES } from './client-errors';
import { HOLD_CODES, HOLD_LABELS } from './constants';
import { IDEMPOTENCY_MESSAGES } from './idempotency';
import {
  buildersFor,
  HOLD_LABELS_UR,
  MESSAGE_BUILDERS,
  MESSAGE_BUILDERS_UR,
  PASSWORD_RESET_MESSAGES_UR,
  passwordResetMessagesFor,
  sentenceIn,
} from './localized-messages';
import { MESSAGES } from './messages';
import { MESSAGES_UR } from './messages-ur';
import { PASSWORD_RESET_MESSAGES } from './password-reset-messages';
import { PAYOUT_ACCOUNT_MESSAGES } from './payout-account';
import { PUSH_MESSAGES } from './push';
import {
  ACCOUNT_MESSAGES_UR,
  CLIENT_ERROR_MESSAGES_UR,
  IDEMPOTENCY_MESSAGES_UR,
  PAYOUT_ACCOUNT_MESSAGES_UR,
  PUSH_MESSAGES_UR,
  RESUMABLE_MESSAGES_UR,
} from './refusals-ur';
import { RESUMABLE_MESSAGES } from './resumable-uploads';

const ARABIC_SCRIPT = /[\u0600-\u06FF]/;
/** Numbers, emails and names the Urdu keeps as they are. */
const KEPT =
  /\d(?:[\d,.-]*\d)?|[\w.+-]+@[\w.-]+|PayPal|AMZ|Amazon|CNIC|IBAN|JSON|PNG|JPEG|WebP|GIF|MB|YYYY-MM-DD|"en"|"ur"|\+\d+/g;
const keptIn = (text: string) => [...new Set(text.match(KEPT) ?? [])].sort();

describe('MESSAGES_UR', () => {
  it('has every key of MESSAGES, and no other', () => {
    expect(Object.keys(MESSAGES_UR).sort()).toEqual(Object.keys(MESSAGES).sort());
  });

  it.each(Object.keys(MESSAGES) as (keyof typeof MESSAGES)[])('%s is Urdu, a plain text like its English', (key) => {
    const urdu = MESSAGES_UR[key];
    expect(urdu).toMatch(ARABIC_SCRIPT);
    expect(urdu).not.toBe(MESSAGES[key]);
    expect(urdu).not.toMatch(/\$\{|\{|\}/);
    expect(urdu.trim()).toBe(urdu);
    // the figures, emails and names of the English are all there
    for (const kept of keptIn(MESSAGES[key])) expect(urdu).toContain(kept);
  });
});

describe("the Urdu of the contract's other tables", () => {
  it.each([
    ['ACCOUNT_MESSAGES', ACCOUNT_MESSAGES, ACCOUNT_MESSAGES_UR],
    ['CLIENT_ERROR_MESSAGES', CLIENT_ERROR_MESSAGES, CLIENT_ERROR_MESSAGES_UR],
    ['IDEMPOTENCY_MESSAGES', IDEMPOTENCY_MESSAGES, IDEMPOTENCY_MESSAGES_UR],
    ['PAYOUT_ACCOUNT_MESSAGES', PAYOUT_ACCOUNT_MESSAGES, PAYOUT_ACCOUNT_MESSAGES_UR],
    ['PUSH_MESSAGES', PUSH_MESSAGES, PUSH_MESSAGES_UR],
    ['RESUMABLE_MESSAGES', RESUMABLE_MESSAGES, RESUMABLE_MESSAGES_UR],
  ] as const)('%s: every key, each in Urdu, and sentenceIn finds it', (_name, english, urdu) => {
    expect(Object.keys(urdu).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(urdu)) {
      expect(text).toMatch(ARABIC_SCRIPT);
      const source = (english as Record<string, string>)[key] ?? '';
      for (const kept of keptIn(source)) expect(text).toContain(kept);
      expect(sentenceIn('ur', source)).toMatch(ARABIC_SCRIPT);
    }
  });
});

describe("the contract's sentences in a language", () => {
  it('PASSWORD_RESET_MESSAGES_UR has every key, each in Urdu', () => {
    expect(Object.keys(PASSWORD_RESET_MESSAGES_UR).sort()).toEqual(Object.keys(PASSWORD_RESET_MESSAGES).sort());
    for (const text of Object.values(PASSWORD_RESET_MESSAGES_UR)) {
      const sample = typeof text === 'function' ? text(60_000 as never) : text;
      expect(sample).toMatch(ARABIC_SCRIPT);
    }
    expect(passwordResetMessagesFor('en')).toBe(PASSWORD_RESET_MESSAGES);
    expect(passwordResetMessagesFor('ur').emailText('https://x.example/reset#t')).toContain(
      'https://x.example/reset#t',
    );
  });

  it('every hold label has its Urdu', () => {
    for (const code of HOLD_CODES) expect(HOLD_LABELS_UR[code]).toMatch(ARABIC_SCRIPT);
  });

  it('English builders are the English ones; the Urdu twins keep the figures', () => {
    expect(buildersFor('en')).toBe(MESSAGE_BUILDERS);
    const ur = buildersFor('ur');
    expect(ur).toBe(MESSAGE_BUILDERS_UR);
    expect(ur.tooManyFailedSignIns(30_000)).toMatch(/30 سیکنڈ/);
    expect(ur.tooManyFailedSignIns(5 * 60_000)).toMatch(/5 منٹ/);
    expect(ur.anonymousUploadQuota.address(120_000)).toMatch(/2 منٹ/);
    expect(ur.orderOnHold(HOLD_LABELS['paypal-shared'], '111-2222222-3333333')).toContain(
      HOLD_LABELS_UR['paypal-shared'],
    );
    expect(ur.orderOnHold(HOLD_LABELS['paypal-shared'], '111-2222222-3333333')).toContain('111-2222222-3333333');
    expect(ur.changedSinceLoaded('order', 'Mia Manager', new Date('2026-11-23T10:15:00Z'))).toContain(
      '2026-11-23 10:15 UTC',
    );
    expect(ur.paidOnHoldNote([HOLD_LABELS['number-seen']])).toContain(HOLD_LABELS_UR['number-seen']);
    for (const code of ['paypal-shared', 'screenshot-reused', 'number-seen', 'payout-account-shared'] as const) {
      expect(ur.flagMessage(code, 3)).toMatch(ARABIC_SCRIPT);
      expect(ur.flagMessage(code, 3)).toContain('3');
    }
    expect(ur.liveAlertAnnouncement('x')).toMatch(ARABIC_SCRIPT);
    expect(ur.remoteIncompatible('remote-admin', [{ part: 'shared-api', needs: '^1.5.0', has: '1.4.0' }])).toMatch(
      /ایڈمن.*1\.5.*1\.4/,
    );
  });

  it('sentenceIn gives the Urdu of a fixed English sentence, English as it is, and any other text as it is', () => {
    expect(sentenceIn('ur', MESSAGES.forbidden)).toBe(MESSAGES_UR.forbidden);
    expect(sentenceIn('ur', PASSWORD_RESET_MESSAGES.linkInvalid)).toBe(PASSWORD_RESET_MESSAGES_UR.linkInvalid);
    expect(sentenceIn('en', MESSAGES.forbidden)).toBe(MESSAGES.forbidden);
    expect(sentenceIn('ur', 'Not a sentence of the contract.')).toBe('Not a sentence of the contract.');
  });
});
