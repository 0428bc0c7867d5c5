/** The one Fastify app factory, used by main.ts and by every test. */
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { CONTRACT_VERSION, withoutTrailingSlashes } from 'shared-api/contract';
import type { SignInAttempts } from './auth/sign-in-attempts';
import { createTokenService, loadOrCreateJwtSecret, type TokenService } from './auth/tokens';
import {
  DEFAULT_APP_ORIGINS,
  DEFAULT_RATE_LIMITS,
  DEFAULT_TOKEN_TTL_SECONDS,
  DEFAULT_VAPID_SUBJECT,
  type ImageStoreKind,
  type MailSettings,
  parseShellUrl,
  type RateLimits,
  type TrustProxy,
} from './config';
import {
  type DatabaseConfig,
  type DatabaseHandle,
  type Db,
  type NotificationHandlers,
  openDatabase,
} from './db/connection';
import { withSafeLogLines } from './logging';
import { createSmtpMailer, type Mailer } from './mail/mailer';
import authPlugin from './plugins/auth';
import corsPlugin from './plugins/cors';
import errorsPlugin from './plugins/errors';
import openApiPlugin from './plugins/openapi';
import rateLimitPlugin, { type RateLimitRedisOptions } from './plugins/rate-limit';
import { type PushDelivery, startPushDelivery } from './push/delivery';
import { loadOrCreateVapidKeys, type VapidKeys } from './push/vapid';
import accountStatusRoutes from './routes/account-status';
import alertsRoutes from './routes/alerts';
import authRoutes from './routes/auth';
import clientErrorRoutes from './routes/client-errors';
import commissionRoutes from './routes/commission';
import healthRoutes from './routes/health';
import orderExportsRoutes from './routes/order-exports';
import orderFlagsRoutes from './routes/order-flags';
import orderHistoryRoutes from './routes/order-history';
import ordersRoutes from './routes/orders';
import passwordResetRoutes from './routes/password-reset';
import payoutAccountRoutes from './routes/payout-accounts';
import payoutsRoutes from './routes/payouts';
import productsRoutes from './routes/products';
import pushRoutes from './routes/push';
import statsRoutes from './routes/stats';
import uploadsRoutes, { publicUploadsRoutes } from './routes/uploads';
import resumableUploadsRoutes from './routes/uploads-resumable';
import userDirectoryRoutes from './routes/user-directory';
import userRoutes from './routes/users';
import { createDecodeQueue, type DecodeQueue } from './uploads/decode-queue';
import { createPrivateLinks, type PrivateLinks } from './uploads/private-links';
import { appImageStore, type ImageStore } from './uploads/store';

/** Every resource's routes, one file each, mounted under /api. Adding a resource is one line. */
const ROUTES: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  userRoutes,
  accountStatusRoutes,
  uploadsRoutes,
  resumableUploadsRoutes,
  commissionRoutes,
  productsRoutes,
  ordersRoutes,
  orderExportsRoutes,
  orderHistoryRoutes,
  payoutsRoutes,
  payoutAccountRoutes,
  orderFlagsRoutes,
  alertsRoutes,
  statsRoutes,
  userDirectoryRoutes,
  passwordResetRoutes,
  pushRoutes,
  clientErrorRoutes,
];

export interface AppSettings {
  /** DATA_DIR: the JWT secret file (when JWT_SECRET is unset), uploaded files */
  dataDir: string;
  rateLimits: RateLimits;
  /** API_PUBLIC_URL without a trailing slash: the base of the upload links the API hands out */
  publicUrl: string;
  /** FIREBASE_STORAGE_BUCKET: order screenshots may also be links into it (uploads/attach.ts) */
  firebaseBucket: string | undefined;
  /** SHELL_URL without a trailing slash: password reset links open its /reset-password */
  shellUrl: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    settings: AppSettings;
    /** signed links to private images (CNIC, order images, uploads not attached yet) */
    privateLinks: PrivateLinks;
    /** how many uploaded images are decoded at once */
    decodeQueue: DecodeQueue;
    /** where uploaded images are kept (IMAGE_STORE, uploads/store.ts) */
    images: ImageStore;
    /** LISTEN on the database (DatabaseHandle.listen): the live alerts' feed */
    listenDatabase: DatabaseHandle['listen'];
    /** SMTP_URL's mailer; undefined when the server sends no email (routes/password-reset.ts closes it) */
    mailer: Mailer | undefined;
    /** Web Push: the VAPID keys, the allowed endpoints, and the delivery loop when it runs */
    push: { vapid: VapidKeys; allowPrefixes: readonly string[]; delivery: PushDelivery | undefined };
  }
}

export interface BuildAppOptions {
  /** An open database; the caller closes it. */
  db?: DatabaseHandle;
  /** Or where to open one: opened and migrated here, closed when the app closes. */
  database?: DatabaseConfig;
  dataDir: string;
  /** Default: JWT_SECRET-less mode, a secret generated once and kept in dataDir. */
  jwtSecret?: string;
  tokenTtlSeconds?: number;
  /** Origins allowed to call the API from a browser. */
  appOrigins?: string[];
  rateLimits?: Partial<RateLimits>;
  /** Fastify's logger (pino): false in tests, true or options in main.ts; never logs a query string. */
  logger?: FastifyServerOptions['logger'];
  /** Behind reverse proxies: which X-Forwarded-For entry is the client's address (rate limits are per address). */
  trustProxy?: TrustProxy;
  /** Where sign-in attempts per account are counted; default: Redis with `redis`, else this process's memory, by rateLimits.failedLogin. */
  signInAttempts?: SignInAttempts;
  /** REDIS_URL: every rate limit counts in this Redis, shared by the API processes (memory while it is down). */
  redis?: RateLimitRedisOptions;
  /** JSON body limit in bytes (uploads set their own). */
  bodyLimit?: number;
  /** API_PUBLIC_URL: how browsers reach this API (default http://localhost:8000). */
  publicUrl?: string;
  /** Default: uploads/decode-queue.ts's limits. */
  decodeQueue?: DecodeQueue;
  /** IMAGE_STORE: where uploaded images are kept (default: the data folder). */
  imageStore?: ImageStoreKind;
  /** FIREBASE_STORAGE_BUCKET: order screenshots may also be links into this bucket (default: none). */
  firebaseBucket?: string | undefined;
  /** SHELL_URL: the shell's address, where password reset links lead (default http://localhost:3000). */
  shellUrl?: string;
  /** SMTP_URL and MAIL_FROM: how password reset links are emailed (default: no email). */
  mail?: MailSettings | undefined;
  /** Web Push (push/): VAPID_* keys (default: a pair kept in dataDir), PUSH_ENDPOINT_ALLOW, and whether this process pushes queued alerts (main.ts: yes; tests: when they test it) */
  push?: { vapid?: VapidKeys | undefined; allowPrefixes?: readonly string[]; deliver?: boolean };
  /** Tests: write every answer also through zod's encoding and refuse one that differs (http/answer-serializer.ts). */
  checkAnswers?: boolean;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const jwtSecret = options.jwtSecret ?? loadOrCreateJwtSecret(options.dataDir);
  const tokens: TokenService = createTokenService({
    secret: jwtSecret,
    ttlSeconds: options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS,
  });
  const handle = options.db ?? (await openOwnDatabase(options.database));

  const rateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const app = Fastify({
    logger: withSafeLogLines(options.logger ?? false),
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // the router's own refusals (a broken %-encoding, an over-long id) answer like every other: JSON { message }
    frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
      const notFound = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      reply
        .code(notFound ? 404 : 400)
        .send({ message: notFound ? 'Nothing was found at this address.' : 'The request is not valid.' });
    },
  });

  app.decorate('db', handle.db);
  app.decorate('settings', {
    dataDir: options.dataDir,
    rateLimits,
    publicUrl: withoutTrailingSlashes(options.publicUrl ?? 'http://localhost:8000'),
    firebaseBucket: options.firebaseBucket,
    shellUrl: parseShellUrl(options.shellUrl),
  });
  app.decorate('privateLinks', createPrivateLinks(jwtSecret));
  app.decorate('decodeQueue', options.decodeQueue ?? createDecodeQueue());
  app.decorate('images', appImageStore(options.imageStore ?? 'files', { dataDir: options.dataDir, db: handle.db }));
  app.decorate('mailer', options.mail && createSmtpMailer(options.mail));
  app.decorate('listenDatabase', (channel: string, handlers: NotificationHandlers) => handle.listen(channel, handlers));
  const vapid = options.push?.vapid ?? loadOrCreateVapidKeys(options.dataDir, DEFAULT_VAPID_SUBJECT);
  const allowPrefixes = options.push?.allowPrefixes ?? [];
  app.decorate('push', { vapid, allowPrefixes, delivery: undefined });
  if (options.push?.deliver) {
    app.push.delivery = startPushDelivery({ db: handle.db, listen: handle.listen, vapid, allowPrefixes, log: app.log });
    app.addHook('onClose', async () => app.push.delivery?.stop());
  }
  // after the push delivery's hook: it stops before the database closes
  if (!options.db) app.addHook('onClose', () => handle.close());

  try {
    await app.register(errorsPlugin);
    await app.register(corsPlugin, { origins: options.appOrigins ?? DEFAULT_APP_ORIGINS });
    await app.register(rateLimitPlugin, {
      failedLogin: rateLimits.failedLogin,
      signInAttempts: options.signInAttempts,
      redis: options.redis,
    });
    await app.register(authPlugin, { tokens });
    await app.register(openApiPlugin, {
      publicUrl: app.settings.publicUrl,
      version: CONTRACT_VERSION,
      checkAnswers: options.checkAnswers,
    });
    for (const routes of ROUTES) await app.register(routes, { prefix: '/api' });
    // Public images are served outside /api, at the address their links name.
    await app.register(publicUploadsRoutes);
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/**
 * Given a bare hop count, Fastify 5.12 trusts no proxy at all (a count cannot check the nearest
 * peer), so a count is passed as the function proxy-addr builds from one: the socket's peer and
 * the hops after it are proxies. Right only for an API nothing reaches but through them.
 */
function fastifyTrustProxy(trustProxy: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  const hops = trustProxy;
  return hops > 0 ? (_address, hop) => hop < hops : false;
}

async function openOwnDatabase(config: DatabaseConfig | undefined): Promise<DatabaseHandle> {
  if (!config) throw new Error('buildApp needs a db handle or a database config.');
  const handle = await openDatabase(config);
  try {
    await handle.migrate();
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
