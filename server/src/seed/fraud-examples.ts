/**
 * Demo orders that raise each fraud signal (docs/domain.md, Fraud signals): two agents' orders
 * with one buyer's PayPal written differently, two agents' orders with the same screenshot saved
 * at another size and quality, an order number freed by an edit and taken by another agent, and
 * a PayPal pair whose flag an admin dismissed with a note, and the PayPal pair's agents paid to
 * one wallet (payout-account-shared). The orders are picked among the planned
 * unpaid, not cancelled ones (never the first ones, which show every state); their flags are
 * raised by the service every placement runs, once they are in.
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/connection';
import {
  type NewOrderEventRow,
  type NewUploadRow,
  orderFlags,
  orderNumberUses,
  orders,
  payoutAccounts,
} from '../db/schema';
import { raiseOrderFlags } from '../services/order-signals';
import { payoutAccountKey, raiseSharedAccountFlags } from '../services/payout-accounts';
import { newUploadKey } from '../uploads/images';
import { lookAt, lookForSamePictures, recordUploadHash } from '../uploads/screenshot-look';
import type { ImageStore } from '../uploads/store';
import { renderScreenshot, type WrittenImage } from './images';

/** What the examples need of a planned order (the seed's PlannedOrder). */
interface ExampleOrder {
  id: string;
  agentId: string;
  amzOrderNumber: string;
  buyerPayPal: string;
  orderScreenshot?: string | null | undefined;
  agentStatus: string;
  comissionStatus: string;
  createdAt: Date;
}

type ExampleEvent = Required<
  Pick<
    NewOrderEventRow,
    'orderId' | 'at' | 'actorId' | 'actorName' | 'actorRole' | 'action' | 'changes' | 'paidComission'
  >
>;

export interface FraudExamples {
  /** the orders whose flags to raise once every order is in */
  flagged: string[];
  uploads: NewUploadRow[];
  hashes: { key: string; phash: bigint; detail: Buffer | null; ownerId: string }[];
  /** number-seen: the number the edited order carried before (its history says so too) */
  numberUses: { amzOrderNumber: string; orderId: string; firstUsedAt: Date }[];
  /** the flag the demo admin dismissed */
  dismissal?: { orderId: string; note: string; adminId: string; at: Date };
  /** payout-account-shared: two agents with one JazzCash wallet */
  sharedAccount?: { agentIds: [string, string]; account: string };
  /** the edited order: its placed event carries the freed number, then an edit replaces it */
  edit?: { orderId: string; agentId: string; from: string; to: string; at: Date };
}

const NONE: FraudExamples = { flagged: [], uploads: [], hashes: [], numberUses: [] };
const SCREENSHOT_LINES = ['Order placed 2 days ago', 'Ship to: Lahore, Pakistan', 'Order total: $34.99'];

/** Pairs of unpaid, not cancelled orders of two different agents, from the end of the plan. */
function pickPairs<T extends ExampleOrder>(planned: readonly T[], pairs: number, skipFirst: number): [T, T][] {
  const open = planned.slice(skipFirst).filter((o) => o.comissionStatus === 'unpaid' && o.agentStatus !== 'cancelled');
  const taken = new Set<string>();
  const found: [T, T][] = [];
  for (let i = open.length - 1; i >= 0 && found.length < pairs; i--) {
    const first = open[i];
    if (!first || taken.has(first.id)) continue;
    const second = open
      .slice(0, i)
      .reverse()
      .find((o) => !taken.has(o.id) && o.agentId !== first.agentId);
    if (!second) continue;
    taken.add(first.id);
    taken.add(second.id);
    found.push([second, first]);
  }
  return found;
}

/**
 * Changes the planned orders into the examples and writes the screenshot files (added to
 * `written`, so a failed seed removes them). Too few orders or agents: no examples.
 */
export async function planFraudExamples<T extends ExampleOrder>(options: {
  planned: T[];
  skipFirst: number;
  /** where the examples' screenshots go, as the seed's other images */
  store: ImageStore;
  written: WrittenImage[];
  admin: { id: string } | undefined;
  now: Date;
}): Promise<FraudExamples> {
  const pairs = pickPairs(options.planned, options.admin ? 4 : 3, options.skipFirst);
  const [paypal, screenshot, number, dismissed] = pairs;
  if (!paypal || !screenshot || !number) return NONE;
  const examples: FraudExamples = { flagged: [], uploads: [], hashes: [], numberUses: [] };

  // paypal-shared: the second agent writes the first one's buyer in capitals, with a space
  paypal[0].buyerPayPal = 'amna.shared@example.com';
  paypal[1].buyerPayPal = ' AMNA.Shared@example.com';
  examples.flagged.push(paypal[1].id);
  // payout-account-shared: the same two agents are paid to one wallet
  examples.sharedAccount = { agentIds: [paypal[0].agentId, paypal[1].agentId], account: '+923001112233' };

  // screenshot-reused: the second agent's screenshot is the first one's, smaller, as a JPEG
  const original = await renderScreenshot('order', 'Order #seed-reused', SCREENSHOT_LINES);
  const copy = await sharp(original).resize(360).jpeg({ quality: 60 }).toBuffer();
  for (const [order, data, format] of [
    [screenshot[0], original, 'png'],
    [screenshot[1], copy, 'jpeg'],
  ] as const) {
    const key = newUploadKey(format);
    await options.store.write(key, true, data);
    options.written.push({ key, sizeBytes: data.length, private: true });
    examples.uploads.push({
      key,
      ownerId: order.agentId,
      private: true,
      purpose: 'image',
      mimeType: format === 'png' ? 'image/png' : 'image/jpeg',
      sizeBytes: data.length,
      createdAt: order.createdAt,
      attachedAt: order.createdAt,
      // one picture, one order (uploads/attach.ts): the copy is another upload
      orderId: order.id,
    });
    const { phash, detail } = await lookAt(data);
    if (phash !== null) examples.hashes.push({ key, phash, detail, ownerId: order.agentId });
    order.orderScreenshot = key;
  }
  examples.flagged.push(screenshot[1].id);

  // number-seen: the first order was placed with a number its agent then edited away; the second took it
  number[1].amzOrderNumber = `511-${number[1].amzOrderNumber.slice(4)}`;
  const edited = number[0];
  examples.edit = {
    orderId: edited.id,
    agentId: edited.agentId,
    from: number[1].amzOrderNumber,
    to: edited.amzOrderNumber,
    at: new Date(edited.createdAt.getTime() + 30_000),
  };
  examples.numberUses.push({
    amzOrderNumber: number[1].amzOrderNumber,
    orderId: edited.id,
    firstUsedAt: edited.createdAt,
  });
  examples.flagged.push(number[1].id);

  // a PayPal pair an admin looked at: the earlier order's flag dismissed with a note
  if (dismissed && options.admin) {
    dismissed[0].buyerPayPal = 'bilal.household@example.com';
    dismissed[1].buyerPayPal = 'bilal.household@example.com';
    examples.flagged.push(dismissed[1].id);
    examples.dismissal = {
      orderId: dismissed[0].id,
      note: 'Same household: the agents are a married couple, checked by phone.',
      adminId: options.admin.id,
      at: new Date(options.now.getTime() - 60 * 60_000),
    };
  }
  return examples;
}

/** The history the examples need: the edit that freed the number, and the dismissal. */
export function addFraudEvents(
  events: ExampleEvent[],
  examples: FraudExamples,
  actors: { agentName: (id: string) => string; adminName: string },
): void {
  const { edit, dismissal } = examples;
  if (edit) {
    const placed = events.find((event) => event.orderId === edit.orderId && event.action === 'placed');
    const number = placed?.changes.amzOrderNumber;
    if (number) number.to = edit.from;
    events.push({
      orderId: edit.orderId,
      at: edit.at,
      actorId: edit.agentId,
      actorName: actors.agentName(edit.agentId),
      actorRole: 'agent',
      action: 'updated',
      changes: { amzOrderNumber: { from: edit.from, to: edit.to } },
      paidComission: null,
    });
  }
  if (dismissal) {
    events.push({
      orderId: dismissal.orderId,
      at: dismissal.at,
      actorId: dismissal.adminId,
      actorName: actors.adminName,
      actorRole: 'admin',
      action: 'flag-dismissed',
      changes: { flag: { from: 'paypal-shared', to: 'dismissed' }, note: { from: null, to: dismissal.note } },
      paidComission: null,
    });
  }
}

/** In the seed's transaction, once every order and event is in: the hashes, the freed number, the flags, the dismissal. */
export async function insertFraudExamples(tx: Db, examples: FraudExamples): Promise<void> {
  // as uploading them would have: each hashed, the copy (uploaded second) looked at beside the first
  for (const { key, phash, detail } of examples.hashes) await recordUploadHash(tx, key, { phash, detail });
  for (const { key, phash, detail, ownerId } of examples.hashes.slice(1)) {
    await lookForSamePictures(tx, key, ownerId, { phash, detail });
  }
  if (examples.numberUses.length > 0) {
    await tx.insert(orderNumberUses).values(examples.numberUses).onConflictDoNothing();
  }
  // as placing them would have
  for (const id of examples.flagged) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id));
    if (order) await raiseOrderFlags(tx, order);
  }
  const { sharedAccount } = examples;
  if (sharedAccount) {
    // as the second agent's PUT /api/user/payout-account would have
    const accountKey = payoutAccountKey('jazzcash', sharedAccount.account);
    await tx.insert(payoutAccounts).values(
      sharedAccount.agentIds.map((userId) => ({
        userId,
        method: 'jazzcash' as const,
        account: sharedAccount.account,
        accountKey,
      })),
    );
    await raiseSharedAccountFlags(tx, sharedAccount.agentIds[1], accountKey);
  }
  const { dismissal } = examples;
  if (dismissal) {
    await tx
      .update(orderFlags)
      .set({ dismissedAt: dismissal.at, dismissedBy: dismissal.adminId, dismissalNote: dismissal.note })
      .where(and(eq(orderFlags.orderId, dismissal.orderId), eq(orderFlags.code, 'paypal-shared')));
  }
}
