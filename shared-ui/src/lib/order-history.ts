/**
 * How an order's history reads on screen: each event as one sentence a person reads, in the
 * product's words ("Hira Gill changed the order number from … to …", "Admin marked the
 * commission paid"). Field names in `changes` are the API's (docs/domain.md, Order history).
 */
import { intlLocale, ltr } from 'shared-api';
import {
  type AgentStatus,
  type FlagCode,
  IMAGE_IN_HISTORY,
  type OrderEvent,
  type OrderEventAction,
  type OrderStatus,
  type Role,
} from 'shared-api/contract';
import { formatRs } from './format';
import { t } from './i18n';
import { agentStatusLabel, commissionStatusLabel, flagLabel, orderStatusLabel, reviewTypeLabel } from './order-display';

type Change = OrderEvent['changes'][string];
type Value = Change['from'];

/** The fields of an order as people call them (in the current language), in the order a sentence lists them. */
const FIELD_LABELS = {
  amzOrderNumber: () => t('ui.history.field.amzOrderNumber'),
  buyerPayPal: () => t('ui.history.field.buyerPayPal'),
  buyerName: () => t('ui.history.field.buyerName'),
  reviewType: () => t('ui.history.field.reviewType'),
  comission: () => t('ui.history.field.comission'),
  orderScreenshot: () => t('ui.history.field.orderScreenshot'),
  reviewScreenShot: () => t('ui.history.field.reviewScreenShot'),
  FeedbackScreenShot: () => t('ui.history.field.FeedbackScreenShot'),
  refundShot: () => t('ui.history.field.refundShot'),
  AgentStatus: () => t('ui.history.field.AgentStatus'),
  status: () => t('ui.history.field.status'),
  comissionStatus: () => t('ui.history.field.comissionStatus'),
  comments: () => t('ui.history.field.comments'),
} as const satisfies Record<string, () => string>;
type KnownField = keyof typeof FIELD_LABELS;

/** A field's name as people call it, in the current language ('order number'). */
export function orderFieldLabel(field: KnownField): string {
  return FIELD_LABELS[field]();
}

const IMAGE_FIELDS: ReadonlySet<string> = new Set([
  'orderScreenshot',
  'reviewScreenShot',
  'FeedbackScreenShot',
  'refundShot',
] satisfies KnownField[]);

/** What an event says when it lists no change (it cannot name what changed). */
const ACTION_WITHOUT_CHANGES: Record<OrderEventAction, () => string> = {
  placed: () => t('ui.history.action.placed'),
  updated: () => t('ui.history.action.updated'),
  'agent-status': () => t('ui.history.action.agentStatus'),
  status: () => t('ui.history.action.status'),
  'refund-shot': () => t('ui.history.action.refundShot'),
  commission: () => t('ui.history.action.commission'),
  'flag-dismissed': () => t('ui.history.action.flagDismissed'),
};

const ROLE_AS_ACTOR: Record<Role, () => string> = {
  admin: () => t('ui.history.actor.admin'),
  manager: () => t('ui.history.actor.manager'),
  agent: () => t('ui.history.actor.agent'),
};

/** Comments can be long: a sentence quotes the start of them. */
const QUOTE_LENGTH = 80;

/** "A, B and C" in the current language (one formatter per locale). */
const listFormats = new Map<string, Intl.ListFormat>();
function joinPhrases(phrases: string[]): string {
  const locale = intlLocale();
  let format = listFormats.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });
    listFormats.set(locale, format);
  }
  return format.format(phrases);
}

function isEmpty(value: Value): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

function text(value: Value): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? t('ui.history.yes') : t('ui.history.no');
  return String(value).trim();
}

/** A value as it came (an order number, a PayPal, a name): kept left to right inside an Urdu sentence. */
function asIs(value: Value): string {
  const shown = text(value);
  return shown ? ltr(shown) : shown;
}

function money(value: Value): string {
  const amount = typeof value === 'number' ? value : Number(value);
  return ltr(Number.isFinite(amount) && !isEmpty(value) ? formatRs(amount) : text(value));
}

function quote(value: Value): string {
  const words = text(value).replace(/\s+/g, ' ');
  return `“${words.length > QUOTE_LENGTH ? `${words.slice(0, QUOTE_LENGTH - 1).trimEnd()}…` : words}”`;
}

// a status this screen does not know yet shows as it came (the labels fall back to the code)
const agentStatusText = (value: Value): string => agentStatusLabel(text(value) as AgentStatus);
const orderStatusText = (value: Value): string => orderStatusLabel(text(value) as OrderStatus);

function reviewTypeText(value: Value): string {
  return reviewTypeLabel(text(value));
}

/** "changed the buyer name from A to B", "set … to B" when it was empty, "cleared …" when emptied. */
function valueChange(field: string, { from, to }: Change, show: (value: Value) => string = asIs): string {
  if (isEmpty(to)) return t('ui.history.valueCleared', { field });
  if (isEmpty(from)) return t('ui.history.valueSet', { field, to: show(to) });
  return t('ui.history.valueChanged', { field, from: show(from), to: show(to) });
}

function imageChange(field: string, { from, to }: Change): string {
  const had = from === IMAGE_IN_HISTORY || !isEmpty(from);
  const has = to === IMAGE_IN_HISTORY || !isEmpty(to);
  if (had && has) return t('ui.history.imageReplaced', { field });
  if (has) return t('ui.history.imageAdded', { field });
  return t('ui.history.imageRemoved', { field });
}

/** What one changed field says, or null for a field said elsewhere (the commission with its review type). */
function fieldPhrase(field: string, change: Change, changes: OrderEvent['changes']): string | null {
  if (IMAGE_FIELDS.has(field)) return imageChange(orderFieldLabel(field as KnownField), change);
  switch (field) {
    case 'amzOrderNumber':
    case 'buyerPayPal':
    case 'buyerName':
      return valueChange(orderFieldLabel(field), change);
    case 'reviewType': {
      const phrase = valueChange(orderFieldLabel('reviewType'), change, reviewTypeText);
      const commission = changes.comission;
      // the commission follows the review type (docs/domain.md, Money): said together
      return commission
        ? t('ui.history.withCommission', { change: phrase, from: money(commission.from), to: money(commission.to) })
        : phrase;
    }
    case 'comission':
      return changes.reviewType ? null : valueChange(orderFieldLabel('comission'), change, money);
    case 'AgentStatus':
      if (change.to === 'cancelled') return t('ui.history.cancelled');
      return t('ui.history.agentStatusSet', { status: agentStatusText(change.to) });
    case 'status':
      if (isEmpty(change.to)) return t('ui.history.orderStatusCleared');
      return t('ui.history.orderStatusSet', { status: orderStatusText(change.to) });
    case 'comissionStatus':
      return t('ui.history.commissionMarked', { status: commissionStatusLabel(text(change.to) || 'unpaid') });
    case 'comments':
      if (isEmpty(change.to)) return t('ui.history.commentsRemoved');
      if (isEmpty(change.from)) return t('ui.history.commentsAdded', { quote: quote(change.to) });
      return t('ui.history.commentsChanged', { quote: quote(change.to) });
    default:
      // a field this screen does not know yet still shows, by the API's name
      return valueChange(field, change);
  }
}

/** fraud signals (docs/domain.md, Fraud signals): "dismissed the flag “Screenshot reused”: “note”". */
function flagDismissal(changes: OrderEvent['changes']): string {
  const code = text(changes.flag?.from ?? null);
  const label = code ? flagLabel(code as FlagCode) : '';
  const note = changes.note?.to ?? null;
  const flag = label ? t('ui.history.flagDismissed', { flag: label }) : ACTION_WITHOUT_CHANGES['flag-dismissed']();
  return isEmpty(note) ? flag : t('ui.history.withNote', { change: flag, note: quote(note) });
}

const FIELD_ORDER: readonly string[] = Object.keys(FIELD_LABELS);

function fieldRank(field: string): number {
  const rank = FIELD_ORDER.indexOf(field);
  return rank === -1 ? FIELD_ORDER.length : rank;
}

/** Who did it: the actor's name, else their role. */
export function orderEventActor(event: Pick<OrderEvent, 'actor'>): string {
  return event.actor.name.trim() || ROLE_AS_ACTOR[event.actor.role]?.() || t('ui.history.actor.someone');
}

/** What the event did, as phrases without the actor ("changed the order number from A to B"). */
export function describeOrderChanges(event: Pick<OrderEvent, 'action' | 'changes'>): string[] {
  if (event.action === 'placed') return [ACTION_WITHOUT_CHANGES.placed()];
  if (event.action === 'flag-dismissed') return [flagDismissal(event.changes)];
  const fields = Object.keys(event.changes).sort((a, b) => fieldRank(a) - fieldRank(b));
  const phrases = fields.flatMap((field) => {
    const change = event.changes[field];
    const phrase = change ? fieldPhrase(field, change, event.changes) : null;
    return phrase ? [phrase] : [];
  });
  return phrases.length > 0 ? phrases : [ACTION_WITHOUT_CHANGES[event.action]?.() ?? t('ui.history.action.other')];
}

/**
 * The event as one sentence in the current language: "Hira Gill changed the order number from A
 * to B and replaced the order screenshot".
 */
export function describeOrderEvent(event: Pick<OrderEvent, 'actor' | 'action' | 'changes'>): string {
  return t('ui.history.sentence', {
    actor: orderEventActor(event),
    changes: joinPhrases(describeOrderChanges(event)),
  });
}

/** How the event that took an order to paid names its payout: "Paid in payout PP-123". */
export const paidInPayout = (): string => t('ui.timeline.paidInPayout');

/** The history as the API sends it is oldest first; screens show the newest first. */
export function newestFirst<T>(history: readonly T[]): T[] {
  return [...history].reverse();
}
