/**
 * An account's push subscriptions and the kinds it turned off (docs/domain.md, Push
 * notifications); the posting is ../push/delivery.ts.
 */
import crypto from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  MAX_PUSH_SUBSCRIPTIONS,
  PUSH_KINDS,
  PUSH_MESSAGES,
  type PushKind,
  type PushPreferences,
  type PushSubscriptionInput,
  type PushSubscriptionJson,
} from 'shared-api/contract';
import type { Db } from '../db/connection';
import { pushPreferences, pushSubscriptions } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { HttpError } from '../http-error';
import { pushEndpointAllowed } from '../push/endpoints';

/** Whether `p256dh` (base64url) is an uncompressed point of P-256, as RFC 8291 needs. */
export function isP256Point(p256dh: string): boolean {
  const bytes = Buffer.from(p256dh, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    crypto.createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: bytes.subarray(1, 33).toString('base64url'),
        y: bytes.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Adds the subscription, or gives an endpoint already known to this account (a browser
 * subscribes once, and whoever signs in on it last gets its messages). Keeps the account's
 * newest MAX_PUSH_SUBSCRIPTIONS, under the account's advisory lock (two subscriptions at once
 * cannot leave eleven).
 */
export async function subscribe(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
  allowPrefixes: readonly string[],
): Promise<PushSubscriptionJson> {
  if (!pushEndpointAllowed(input.endpoint, allowPrefixes)) throw new HttpError(400, PUSH_MESSAGES.endpointInvalid);
  if (!isP256Point(input.keys.p256dh)) throw new HttpError(400, PUSH_MESSAGES.p256dhInvalid);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(5, hashtext(${userId}::uuid::text))`);
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: sql`now()` },
      })
      .returning();
    if (!row) throw new Error('subscribe: no row written');
    await tx.execute(sql`
      delete from push_subscriptions where user_id = ${userId}::uuid and id not in (
        select id from push_subscriptions where user_id = ${userId}::uuid
        order by created_at desc, id desc limit ${MAX_PUSH_SUBSCRIPTIONS})`);
    return { _id: row.id, endpoint: row.endpoint, createdAt: row.createdAt.toISOString() };
  });
}

/** Deletes the account's subscription of `endpoint`; false: it has none. */
export async function unsubscribe(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

export async function listSubscriptions(db: Db, userId: string): Promise<PushSubscriptionJson[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  return rows.map((row) => ({ _id: row.id, endpoint: row.endpoint, createdAt: row.createdAt.toISOString() }));
}

const inKindOrder = (kinds: readonly string[]): PushKind[] => PUSH_KINDS.filter((kind) => kinds.includes(kind));

export async function readPushPreferences(db: Db, userId: string): Promise<PushPreferences> {
  const [row] = await db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
  return { kindsOff: inKindOrder(row?.kindsOff ?? []) };
}

export async function savePushPreferences(db: Db, userId: string, input: PushPreferences): Promise<PushPreferences> {
  const kindsOff = inKindOrder(input.kindsOff);
  await db
    .insert(pushPreferences)
    .values({ userId, kindsOff })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: { kindsOff } });
  return { kindsOff };
}
