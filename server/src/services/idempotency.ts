/**
 * Submitting twice is safe (docs/domain.md, Submitting twice). A request carrying an
 * Idempotency-Key runs in one transaction with the key's row: the row is inserted first (a
 * concurrent request with the same key waits on it, in the database, on whichever API process it
 * reached), then the work runs on the same transaction, then its answer is written into the row,
 * and all of it commits together. So a committed key always has its answer, and an answer its
 * work; a request that fails (a refusal, a crash, a database error) leaves neither, and the same
 * key then runs the request again. The same key again within 24 hours gets the stored answer,
 * whatever happened to the records since; with another route or body, a 422.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { IDEMPOTENCY_MESSAGES } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { idempotencyKeyExpired } from '../db/maintenance';
import { idempotencyKeys } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { HttpError } from '../http-error';

/** What a request answered: its status and JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

export interface Submission {
  userId: string;
  /** the Idempotency-Key (a lower-cased UUID); none: the request runs as it always did */
  key: string | undefined;
  /** the method and route pattern: `POST /api/orders` */
  route: string;
  /** what the request asks, as parsed: its path parameters and body */
  request: unknown;
}

/** JSON with every object's keys sorted, so two bodies that mean the same give the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The SHA-256 (hex) a key's request is known by: its route and what it asks. */
export const requestHash = (route: string, request: unknown): string =>
  crypto
    .createHash('sha256')
    .update(`${route}\n${canonicalJson(request)}`)
    .digest('hex');

/**
 * Runs `work` once per user and key: with no key, as it is; with one, in a transaction that keeps
 * its answer (work runs on that transaction: its own transactions become savepoints), or answers
 * what the key's first request answered (`replayed`). Only answers below 500 are kept; work that
 * throws keeps nothing.
 */
export async function answerOnce(
  db: Db,
  submission: Submission,
  work: (db: Db) => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  const { userId, key, route } = submission;
  if (!key) return { ...(await work(db)), replayed: false };
  const hash = requestHash(route, submission.request);
  const ofKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  return inTransaction(db, async (tx) => {
    // Taken when new, or when its row is older than the key's lifetime (the maintenance timer
    // had not deleted it yet). A row of a request still running is locked: this insert waits for
    // that transaction, then finds its answer (committed) or takes the key (rolled back).
    const [taken] = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, route, requestHash: hash })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { route, requestHash: hash, status: null, body: null, createdAt: sql`now()` },
        setWhere: idempotencyKeyExpired,
      })
      .returning({ key: idempotencyKeys.key });
    if (!taken) {
      const [first] = await tx
        .select({
          route: idempotencyKeys.route,
          requestHash: idempotencyKeys.requestHash,
          status: idempotencyKeys.status,
          body: idempotencyKeys.body,
        })
        .from(idempotencyKeys)
        .where(ofKey);
      if (!first || first.status === null) throw new HttpError(409, IDEMPOTENCY_MESSAGES.keyInProgress);
      if (first.route !== route || first.requestHash !== hash) throw new HttpError(422, IDEMPOTENCY_MESSAGES.keyReused);
      return { status: first.status, body: first.body, replayed: true };
    }
    // drizzle's transaction is a database whose own transactions are savepoints
    const answer = await work(tx);
    // an answer of 500 or more is never kept: the same key runs the request again
    if (answer.status < 500) {
      await tx.update(idempotencyKeys).set({ status: answer.status, body: answer.body }).where(ofKey);
    } else {
      await tx.delete(idempotencyKeys).where(ofKey);
    }
    return { ...answer, replayed: false };
  });
}
