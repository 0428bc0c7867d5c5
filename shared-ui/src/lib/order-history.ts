/**
 * How an order's history reads on screen: each event as one sentence a person reads, in the
 * product's words ("Hira Gill changed the order number from … to …", "Admin marked the
 * commission paid"). Field names in `changes` are the API's (docs/domain.md, Order history).
 */
import {
  AGENT_STATUS_LABELS,
  type AgentStatus,
  FLAG_LABELS,
  type FlagCode,
  IMAGE_IN_HISTORY,
  ORDER_STATUS_LABELS,
  type OrderEvent,
  type OrderEventAction,
  type OrderStatus,
  type Role,
} from 'shared-api/contract';
import { formatRs } from './format';

type Change = OrderEvent['changes'][string];
type Value = Change['from'];

/** The fields of an order as people call them, in the order a sentence lists them. */
export const ORDER_FIELD_LABELS = {
  amzOrderNumber: 'order number',
  buyerPayPal: 'buyer PayPal',
  buyerName: 'buyer name',
  reviewType: 'review type',
  comission: 'commission',
  orderScreenshot: 'order screenshot',
  reviewScreenShot: 'review screenshot',
  FeedbackScreenShot: 'feedback screenshot',
  refundShot: 'refund screenshot',
  AgentStatus: 'agent status',
  status: 'order status',
  comissionStatus: 'commission status',
  comments: 'comments',
} as const satisfies Record<string, string>;
type KnownField = keyof typeof ORDER_FIELD_LABELS;

const IMAGE_FIELDS: ReadonlySet<string> = new Set([
  'orderScreenshot',
  'reviewScreenShot',
  'FeedbackScreenShot',
  'refundShot',
] satisfies KnownField[]);

/** What an event says when it lists no change (it cannot name what changed). */
const ACTION_WITHOUT_CHANGES: Record<OrderEventAction, string> = {
  placed: 'placed the order',
  updated: 'updated the order',
  'agent-status': 'changed the agent status',
  status: 'changed the order status',
  'refund-shot': 'changed the refund screenshot',
  commission: 'changed the commission status',
  'flag-dismissed': 'dismissed a fraud flag',
};

const ROLE_AS_ACTOR: Record<Role, string> = { admin: 'An admin', manager: 'A manager', agent: 'The agent' };

/** Comments can be long: a sentence quotes the start of them. */
const QUOTE_LENGTH = 80;

const joinPhrases = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

function isEmpty(value: Value): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

function text(value: Value): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value).trim();
}

function money(value: Value): string {
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) && !isEmpty(value) ? formatRs(amount) : text(value);
}

function quote(value: Value): string {
  const words = text(value).replace(/\s+/g, ' ');
  return `“${words.length > QUOTE_LENGTH ? `${words.slice(0, QUOTE_LENGTH - 1).trimEnd()}…` : words}”`;
}

function agentStatusText(value: Value): string {
  const status = text(value);
  return AGENT_STATUS_LABELS[status as AgentStatus] ?? status;
}

function orderStatusText(value: Value): string {
  const status = text(value);
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
}

/** "changed the buyer name from A to B", "set … to B" when it was empty, "cleared …" when emptied. */
function valueChange(label: string, { from, to }: Change, show: (value: Value) => string = text): string {
  if (isEmpty(to)) return `cleared the ${label}`;
  if (isEmpty(from)) return `set the ${label} to ${show(to)}`;
  return `changed the ${label} from ${show(from)} to ${show(to)}`;
}

function imageChange(label: string, { from, to }: Change): string {
  const had = from === IMAGE_IN_HISTORY || !isEmpty(from);
  const has = to === IMAGE_IN_HISTORY || !isEmpty(to);
  if (had && has) return `replaced the ${label}`;
  if (has) return `added the ${label}`;
  return `removed the ${label}`;
}

/** What one changed field says, or null for a field said elsewhere (the commission with its review type). */
function fieldPhrase(field: string, change: Change, changes: OrderEvent['changes']): string | null {
  if (IMAGE_FIELDS.has(field)) return imageChange(ORDER_FIELD_LABELS[field as KnownField], change);
  switch (field) {
    case 'amzOrderNumber':
    case 'buyerPayPal':
    case 'buyerName':
      return valueChange(ORDER_FIELD_LABELS[field], change);
    case 'reviewType': {
      const phrase = valueChange(ORDER_FIELD_LABELS.reviewType, change);
      const commission = changes.comission;
      // the commission follows the review type (docs/domain.md, Money): said together
      return commission ? `${phrase} (commission ${money(commission.from)} → ${money(commission.to)})` : phrase;
    }
    case 'comission':
      return changes.reviewType ? null : valueChange(ORDER_FIELD_LABELS.comission, change, money);
    case 'AgentStatus':
      if (change.to === 'cancelled') return 'cancelled the order';
      return `set the agent status to ${agentStatusText(change.to)}`;
    case 'status':
      if (isEmpty(change.to)) return 'cleared the order status';
      return `set the order status to ${orderStatusText(change.to)}`;
    case 'comissionStatus':
      return `marked the commission ${text(change.to) || 'unpaid'}`;
    case 'comments':
      if (isEmpty(change.to)) return 'removed the comments';
      if (isEmpty(change.from)) return `added comments: ${quote(change.to)}`;
      return `changed the comments to ${quote(change.to)}`;
    default:
      // a field this screen does not know yet still shows, by the API's name
      return valueChange(field, change);
  }
}

/** fraud signals (docs/domain.md, Fraud signals): "dismissed the flag “Screenshot reused”: “note”". */
function flagDismissal(changes: OrderEvent['changes']): string {
  const code = text(changes.flag?.from ?? null);
  const label = FLAG_LABELS[code as FlagCode] ?? code;
  const note = changes.note?.to ?? null;
  const flag = label ? `dismissed the flag “${label}”` : ACTION_WITHOUT_CHANGES['flag-dismissed'];
  return isEmpty(note) ? flag : `${flag}: ${quote(note)}`;
}

const FIELD_ORDER: readonly string[] = Object.keys(ORDER_FIELD_LABELS);

function fieldRank(field: string): number {
  const rank = FIELD_ORDER.indexOf(field);
  return rank === -1 ? FIELD_ORDER.length : rank;
}

/** Who did it: the actor's name, else their role. */
export function orderEventActor(event: Pick<OrderEvent, 'actor'>): string {
  return event.actor.name.trim() || ROLE_AS_ACTOR[event.actor.role] || 'Someone';
}

/** What the event did, as phrases without the actor ("changed the order number from A to B"). */
export function describeOrderChanges(event: Pick<OrderEvent, 'action' | 'changes'>): string[] {
  if (event.action === 'placed') return [ACTION_WITHOUT_CHANGES.placed];
  if (event.action === 'flag-dismissed') return [flagDismissal(event.changes)];
  const fields = Object.keys(event.changes).sort((a, b) => fieldRank(a) - fieldRank(b));
  const phrases = fields.flatMap((field) => {
    const change = event.changes[field];
    const phrase = change ? fieldPhrase(field, change, event.changes) : null;
    return phrase ? [phrase] : [];
  });
  return phrases.length > 0 ? phrases : [ACTION_WITHOUT_CHANGES[event.action] ?? 'changed the order'];
}

/**
 * The event as one sentence: "Hira Gill changed the order number from A to B and replaced the
 * order screenshot".
 */
export function describeOrderEvent(event: Pick<OrderEvent, 'actor' | 'action' | 'changes'>): string {
  return `${orderEventActor(event)} ${joinPhrases.format(describeOrderChanges(event))}`;
}

/** How the event that took an order to paid names its payout: "Paid in payout PP-123". */
export const PAID_IN_PAYOUT = 'Paid in payout';

/** The history as the API sends it is oldest first; screens show the newest first. */
export function newestFirst<T>(history: readonly T[]): T[] {
  return [...history].reverse();
}
