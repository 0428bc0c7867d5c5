/**
 * Push notifications (docs/domain.md, Push notifications): the server's public key, a device's
 * subscription, and the kinds an account wants. Any signed-in account may subscribe; the agent's
 * settings offer it. The work is in ../services/push-subscriptions.ts; the posting in
 * ../push/delivery.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  PUSH_MESSAGES,
  pushKeySchema,
  pushPreferencesSchema,
  pushSubscriptionInputSchema,
  pushSubscriptionSchema,
  pushUnsubscribeInputSchema,
} from 'shared-api/contract';
import { z } from 'zod';
import { REFUSALS, typed } from '../http/route-schemas';
import { HttpError } from '../http-error';
import { currentUser, signedIn } from '../plugins/auth';
import {
  listSubscriptions,
  readPushPreferences,
  savePushPreferences,
  subscribe,
  unsubscribe,
} from '../services/push-subscriptions';

const TAGS = ['push notifications'];
const SIGNED_IN = signedIn();

export default async function pushRoutes(app: FastifyInstance) {
  const route = typed(app);

  route.get(
    '/push/key',
    {
      config: { access: SIGNED_IN },
      schema: {
        summary: "The server's VAPID public key: the applicationServerKey a browser subscribes with",
        tags: TAGS,
        response: { 200: pushKeySchema, ...REFUSALS },
      },
    },
    async () => ({ publicKey: app.push.vapid.publicKey }),
  );

  route.get(
    '/push/subscriptions',
    {
      config: { access: SIGNED_IN },
      schema: {
        summary: "The caller's push subscriptions, newest first",
        tags: TAGS,
        response: { 200: z.array(pushSubscriptionSchema), ...REFUSALS },
      },
    },
    async (request) => listSubscriptions(app.db, currentUser(request).id),
  );

  route.post(
    '/push/subscriptions',
    {
      config: { access: SIGNED_IN },
      schema: {
        summary:
          'Adds a browser push subscription (an endpoint on a known push service and its keys); the account keeps its newest 10',
        tags: TAGS,
        body: pushSubscriptionInputSchema,
        response: { 201: pushSubscriptionSchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const subscription = await subscribe(app.db, currentUser(request).id, request.body, app.push.allowPrefixes);
      return reply.code(201).send(subscription);
    },
  );

  route.delete(
    '/push/subscriptions',
    {
      config: { access: SIGNED_IN },
      schema: {
        summary: "Deletes the caller's subscription of an endpoint (404: the caller has none there)",
        tags: TAGS,
        body: pushUnsubscribeInputSchema,
        response: { 204: z.null().describe('Deleted'), ...REFUSALS },
      },
    },
    async (request, reply) => {
      if (!(await unsubscribe(app.db, currentUser(request).id, request.body.endpoint))) {
        throw new HttpError(404, PUSH_MESSAGES.subscriptionNotFound);
      }
      return reply.code(204).send(null);
    },
  );

  route.get(
    '/push/preferences',
    {
      config: { access: SIGNED_IN },
      schema: {
        summary: 'The kinds of alert the caller does not want pushed',
        tags: TAGS,
        response: { 200: pushPreferencesSchema, ...REFUSALS },
      },
    },
    async (request) => readPushPreferences(app.db, currentUser(request).id),
  );

  route.put(
    '/push/preferences',
    {
      config: { access: SIGNED_IN },
      schema: {
        summary: 'Sets the kinds of alert the caller does not want pushed',
        tags: TAGS,
        body: pushPreferencesSchema,
        response: { 200: pushPreferencesSchema, ...REFUSALS },
      },
    },
    async (request) => savePushPreferences(app.db, currentUser(request).id, request.body),
  );
}
