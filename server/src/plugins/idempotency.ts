/**
 * The routes that are safe to submit twice (docs/domain.md, Submitting twice) declare the
 * Idempotency-Key header (`idempotencyHeadersSchema`: a UUID, else 400) and answer through
 * `sendOnce`: the first answer of a key is kept with its work (../services/idempotency.ts), and the
 * same key again gets it again, marked `Idempotent-Replayed: true`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_MESSAGES, IDEMPOTENT_REPLAYED_HEADER, idOf } from 'shared-api/contract';
import { z } from 'zod';
import type { Db } from '../db/connection';
import { type Answer, answerOnce } from '../services/idempotency';
import { checkedCaller } from './auth';

/**
 * The headers of a route that takes an Idempotency-Key: optional, a UUID (else 400 saying so).
 * Other headers pass through untouched.
 */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': idOf(IDEMPOTENCY_MESSAGES.keyInvalid).optional(),
});

export interface SendOnceOptions {
  /** a kept answer as it is sent again (an order's image links signed afresh: they expire) */
  replayed?: (body: unknown) => unknown;
}

/**
 * Answers with `work`'s answer, kept under the request's Idempotency-Key when it has one. The
 * reply is the route's own (typed by its schemas); the answer was built for that schema.
 */
export async function sendOnce<Reply extends object>(
  db: Db,
  request: FastifyRequest,
  reply: Reply,
  work: (db: Db) => Promise<Answer>,
  options: SendOnceOptions = {},
): Promise<void> {
  const key = request.headers['idempotency-key'];
  const answer =
    typeof key === 'string'
      ? await answerOnce(
          db,
          {
            // a key is the caller's: its session is checked before the key is looked at, also on a
            // route whose own statement reads it (checkedCaller)
            userId: (await checkedCaller(db, request)).id,
            // checked a UUID by the route's headers schema; the database compares it as one
            key: key.toLowerCase(),
            route: `${request.method} ${request.routeOptions.url}`,
            request: { params: request.params, body: request.body },
          },
          work,
        )
      : { ...(await work(db)), replayed: false };
  // the typed reply's send takes only its schema's bodies; the answer is one of them
  const untyped = reply as unknown as FastifyReply;
  if (answer.replayed) untyped.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  const body = answer.replayed && options.replayed ? options.replayed(answer.body) : answer.body;
  // sent here: the handler returns nothing, as Fastify allows once the reply is sent
  await untyped.code(answer.status).send(body);
}
