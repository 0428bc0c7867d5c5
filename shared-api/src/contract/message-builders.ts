/**
 * Texts built from figures (a wait, a count, a name, a time): the sentences of MESSAGES that
 * cannot be written once. Kept apart from messages.ts, which holds only MESSAGES, so that
 * a remote can take MESSAGES from the shell (scripts/remote-vite-config.ts, messagesFromHost).
 */
import type { UnmetNeed } from './release';

/** Sessions: failed sign-ins on an account from one address, and when that address may try again (seconds under a minute). */
export function tooManyFailedSignIns(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1_000));
  if (seconds < 60) {
    return `Too many failed sign-ins for this account. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
  }
  const minutes = Math.ceil(waitMs / 60_000);
  return `Too many failed sign-ins for this account. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

const inMinutes = (waitMs: number) => {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};

/** Uploads without a token (a registration's ID card images, docs/architecture.md, Images): the quotas' 429s. */
export const anonymousUploadQuota = {
  address: (waitMs: number) =>
    `Too many ID card images were uploaded from your network. Try again in ${inMinutes(waitMs)}.`,
  everyone: (waitMs: number) =>
    `Too many ID card images are being uploaded right now. Try again in ${inMinutes(waitMs)}.`,
};

// --- fraud signals (docs/domain.md, Fraud signals) ---
const orders = (n: number) => (n === 1 ? '1 other order' : `${n} other orders`);
/** Why an order is flagged, as the staff read it; `related`: how many other orders it names. */
export function flagMessage(
  code: 'paypal-shared' | 'screenshot-reused' | 'number-seen' | 'payout-account-shared',
  related: number,
): string {
  switch (code) {
    case 'paypal-shared':
      return `The buyer's PayPal is also on ${related === 1 ? 'an order' : `${related} orders`} of another agent.`;
    case 'screenshot-reused':
      return `The order screenshot is the same picture as the one of ${orders(related)}.`;
    case 'number-seen':
      return `The order number was earlier on ${orders(related)}.`;
    case 'payout-account-shared':
      return `The agent's payout account is also the one of ${related === 1 ? 'another agent' : `${related} other agents`}.`;
  }
}

/** 409 of paying an order (alone or in a payout) that has a flag nobody dismissed. */
export function orderOnHold(label: string, orderNumber?: string): string {
  const which = orderNumber ? `Order ${orderNumber} is` : 'This order is';
  // the flag's label only: a person never reads an internal code (docs/domain.md, Fraud signals)
  return `${which} on hold: "${label}" is not dismissed. An admin must look at the flag and dismiss it before the commission can be paid.`;
}

/**
 * Beside the paid selector of an order a flag holds: why 'paid' cannot be chosen, by the flags'
 * labels (docs/domain.md, Fraud signals: the hold).
 */
export function paidOnHoldNote(labels: readonly string[]): string {
  return `On hold: ${labels.join('; ')}. It cannot be marked paid until an admin dismisses ${labels.length === 1 ? 'the flag' : 'the flags'} below.`;
}

// --- edits and versions (docs/domain.md, Edits and versions) ---
/** A time in a refusal: the same for every reader, whatever their time zone. */
const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
/**
 * 409 of an edit sent with the version the record was loaded at, when it changed since: who
 * changed it (their name, or 'someone' when unknown) and when.
 */
export function changedSinceLoaded(record: 'product' | 'order', by: string | null, at: Date): string {
  return `This ${record} was changed by ${by || 'someone'} at ${utcMinute(at)}, after you opened it. Reload it to see the changes, then make yours again.`;
}

// --- versions of a build (docs/architecture.md, Versions of a build) ---
const PART_LABELS: Record<UnmetNeed['part'], string> = {
  'shared-api': 'shared-api',
  federationRuntime: 'the federation runtime',
  routerExports: "react-router-dom's",
  queryExports: "@tanstack/react-query's",
};
/** 1.5.0 -> 1.5, 1.5.2 -> 1.5.2 */
const shortVersion = (version: string) => version.replace(/^(\d+\.\d+)\.0$/, '$1');
const areaOf = (remote: string) => remote.replace(/^remote-/, '');
/** The first x.y.z a range names: its floor, for the ranges npm writes (^1.5.0, ~1.5.0, >=1.5.0 <2.0.0). */
const floorOf = (range: string) => /^\D*(\d+\.\d+\.\d+)/.exec(range)?.[1];
const isBelow = (version: string, floor: string) => version.localeCompare(floor, 'en', { numeric: true }) < 0;
const joinNames = (names: string) => names.replace(/, ([^,]*)$/, ' and $1');

/**
 * The screen of an area this app cannot host, one sentence per part it lacks: 'The admin
 * area needs a newer app (shared-api 1.5 or later; this one has 1.4). Reload later, or ask
 * the admin.'
 */
export function remoteIncompatible(remote: string, unmet: readonly UnmetNeed[]): string {
  const area = `The ${areaOf(remote)} area`;
  const sentences = unmet.map(({ part, needs, has }) => {
    if (part === 'routerExports' || part === 'queryExports') {
      return `${area} needs a newer app (${PART_LABELS[part]} ${joinNames(needs)}, which this one does not offer).`;
    }
    const floor = floorOf(needs);
    if (floor && isBelow(has, floor)) {
      return `${area} needs a newer app (${PART_LABELS[part]} ${shortVersion(floor)} or later; this one has ${shortVersion(has)}).`;
    }
    return `${area} was built for an older app (${PART_LABELS[part]} ${needs}; this one has ${shortVersion(has)}).`;
  });
  return `${sentences.join(' ')} Reload later, or ask the admin.`;
}

/** What a screen reader hears when an alert arrives live (the sidebar's live region). */
export function liveAlertAnnouncement(message: string): string {
  return `New alert: ${message}`;
}
