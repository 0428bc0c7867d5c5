/** Settings from the environment, read once by main.ts (tests pass options to buildApp directly). */
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, withoutTrailingSlashes } from 'shared-api/contract';
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from './db/connection';

export interface RateLimitSetting {
  max: number;
  timeWindow: number;
}

export interface RateLimits {
  login: RateLimitSetting;
  register: RateLimitSetting;
  upload: RateLimitSetting;
  /** failed sign-ins per account and address before each next attempt waits (1 s, doubling, at most timeWindow; forgotten timeWindow after the last wait) */
  failedLogin: RateLimitSetting;
  /** uploads without a token (registration's ID card images), per address (an IPv6 /64) */
  anonymousUpload: RateLimitSetting;
  /** uploads without a token, all addresses together */
  anonymousUploadTotal: RateLimitSetting;
  /** POST /api/password/forgot per address (an IPv6 /64) */
  passwordForgot: RateLimitSetting;
  /** POST /api/password/forgot per email, whether or not an account has it */
  passwordForgotEmail: RateLimitSetting;
  /** POST /api/client-errors per address: the shell reports once per page load and area */
  clientErrors: RateLimitSetting;
  /** HEAD and PATCH of uploads that resume: each chunk (256 KB from the app) is a request */
  uploadChunk: RateLimitSetting;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 20, timeWindow: 60_000 },
  register: { max: 10, timeWindow: 60_000 },
  upload: { max: 60, timeWindow: 60_000 },
  failedLogin: { max: 10, timeWindow: 15 * 60_000 },
  // a registration sends two ID card images; a few tries more, from one address
  anonymousUpload: { max: 10, timeWindow: 60 * 60_000 },
  // at most 200 x 5 MB = 1 GB of unclaimed ID card images an hour, deleted after an hour
  anonymousUploadTotal: { max: 200, timeWindow: 60 * 60_000 },
  // a person asks again when a mail is slow; more than that from one network is a sweep
  passwordForgot: { max: 10, timeWindow: 60 * 60_000 },
  // an inbox is not flooded with links, whoever asks
  passwordForgotEmail: { max: 3, timeWindow: 60 * 60_000 },
  // three areas, each reported once per page load: more is a loop or a flood, not news
  clientErrors: { max: 30, timeWindow: 60_000 },
  // a 5 MB proof is 20 chunks and a HEAD after each drop: ten proofs a minute, not a flood of bodies
  uploadChunk: { max: 300, timeWindow: 60_000 },
};

export const DEFAULT_APP_ORIGINS = [
  'http://localhost:3000',
  'http://localhost:3001',
  'http://localhost:3002',
  'http://localhost:3003',
];

/** 7 days */
export const DEFAULT_TOKEN_TTL_SECONDS = 7 * 24 * 3600;

/** <repo>/data, so `npm start` from the root and from server/ use the same folder. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../data', import.meta.url));

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const UNIT_MS: Record<string, number> = { s: 1_000, sec: 1_000, m: 60_000, min: 60_000, h: 3_600_000, hour: 3_600_000 };

/** "20" (per minute), "20/min", "100/h", "5/10s" */
export function parseRateLimit(name: string, value: string | undefined, fallback: RateLimitSetting): RateLimitSetting {
  if (value === undefined || value.trim() === '') return fallback;
  const match = /^(\d+)(?:\s*\/\s*(?:(\d+)\s*)?(s|sec|m|min|h|hour))?$/.exec(value.trim());
  const max = Number(match?.[1]);
  if (!match || max < 1) {
    throw new ConfigError(`${name} must look like "20/min" (requests per window: s, min or h), not "${value}".`);
  }
  const unit = match[3] ?? 'min';
  const count = match[2] ? Number(match[2]) : 1;
  return { max, timeWindow: Math.max(1, count) * (UNIT_MS[unit] ?? 60_000) };
}

const TTL_UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400 };

/** "3600" (seconds), "30m", "12h", "7d" */
export function parseTokenTtl(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_TOKEN_TTL_SECONDS;
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  const seconds = match ? Number(match[1]) * (TTL_UNIT_SECONDS[match[2] || 's'] ?? 1) : 0;
  if (seconds < 60)
    throw new ConfigError(`JWT_TTL must be at least 60 seconds, e.g. "7d", "12h" or "3600", not "${value}".`);
  return seconds;
}

export function parseOrigins(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return DEFAULT_APP_ORIGINS;
  return value
    .split(',')
    .map((origin) => withoutTrailingSlashes(origin.trim()))
    .filter((origin) => origin.length > 0);
}

/** API_PUBLIC_URL: the API's address as browsers reach it (upload links are built on it). */
export function parsePublicUrl(value: string | undefined, port: number): string {
  if (value === undefined || value.trim() === '') return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigError(
      `API_PUBLIC_URL must be an http(s) address such as "https://api.example.com", not "${value}".`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(
      `API_PUBLIC_URL must be an http(s) address such as "https://api.example.com", not "${value}".`,
    );
  }
  return withoutTrailingSlashes(`${url.origin}${url.pathname}`);
}

/**
 * TRUST_PROXY: which X-Forwarded-For entries name the client (rate limits count per client
 * address). false: none, the socket's address is the client. A number: that many proxies in
 * front, each appending the address it received from; the entry the nearest one appended,
 * counted from the end, is the client. A list: the proxies' addresses or CIDR ranges; the
 * client is the last entry not in the list.
 */
export type TrustProxy = false | number | string[];

const TRUST_PROXY_HELP =
  'Set TRUST_PROXY to the number of proxies in front of the API (e.g. "1"), or to their addresses or ranges (e.g. "10.0.0.5,10.1.0.0/16"); leave it unset when clients reach the API directly.';

/** The names @fastify/proxy-addr knows for the address ranges of a local proxy. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * A range that takes in every address (0.0.0.0/0, ::/0, and ::ffff:0.0.0.0/96 and wider, which
 * proxy-addr reads as IPv4 ranges): it trusts every X-Forwarded-For entry, as `true` would
 * (and proxy-addr throws on it).
 */
function isEveryAddress(entry: string): boolean {
  const [address = '', prefix] = entry.split('/');
  if (prefix === undefined || !net.isIP(address)) return false;
  const bits = Number(prefix);
  if (bits === 0) return true;
  return net.isIPv6(address) && /^::ffff:(\d{1,3}\.){3}\d{1,3}$/i.test(address) && bits <= 96;
}

const TRUSTS_EVERY_ENTRY =
  'would trust every X-Forwarded-For entry, which any client can write, so rate limits could be escaped.';

/** HOST values only this machine can reach: a hop count (TRUST_PROXY=1) is safe only there. */
export function isLoopbackHost(host: string): boolean {
  const address = host.replace(/^\[(.*)\]$/, '$1');
  if (address === 'localhost' || address === '::1') return true;
  const ipv4 = net.isIPv4(address) ? address : /^::ffff:((?:\d{1,3}\.){3}\d{1,3})$/i.exec(address)?.[1];
  return ipv4 !== undefined && net.isIPv4(ipv4) && ipv4.startsWith('127.');
}

/**
 * A number of proxies trusts whatever the nearest peer writes, so the API must be reachable only
 * through the proxy: listening on a loopback address (the proxy on the same machine). Otherwise
 * the proxies are named by their addresses.
 */
export function checkTrustProxyHost(trustProxy: TrustProxy, host: string): void {
  if (typeof trustProxy !== 'number' || trustProxy === 0 || isLoopbackHost(host)) return;
  throw new ConfigError(
    `TRUST_PROXY=${trustProxy} (a number of proxies) trusts the X-Forwarded-For of whoever connects, but HOST=${host} lets clients connect directly and write their own. Set HOST to a loopback address (127.0.0.1, ::1 or localhost) with the proxy on this machine, or set TRUST_PROXY to the proxies' addresses or ranges (e.g. "10.0.0.5,10.1.0.0/16").`,
  );
}

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') throw new ConfigError(`TRUST_PROXY=true ${TRUSTS_EVERY_ENTRY} ${TRUST_PROXY_HELP}`);
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10)
      throw new ConfigError(`TRUST_PROXY is a number of proxies from 0 to 10, not "${value}". ${TRUST_PROXY_HELP}`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined) {
    throw new ConfigError(`TRUST_PROXY has "${bad}", which is not an IP address or CIDR range. ${TRUST_PROXY_HELP}`);
  }
  const everyone = entries.find(isEveryAddress);
  if (everyone !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY has "${everyone}", a range of every address, which ${TRUSTS_EVERY_ENTRY} ${TRUST_PROXY_HELP}`,
    );
  }
  return entries;
}

/** SHELL_URL: the shell's address as browsers reach it (a password reset link opens a page of it). */
export function parseShellUrl(value: string | undefined): string {
  const text = value?.trim() ?? '';
  if (text === '') return DEFAULT_APP_ORIGINS[0] ?? 'http://localhost:3000';
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new ConfigError(`SHELL_URL must be an http(s) address such as "https://app.example.com", not "${value}".`);
  }
  return withoutTrailingSlashes(`${url.origin}${url.pathname}`);
}

/** Where the API sends email from: SMTP_URL and MAIL_FROM (mail/mailer.ts). */
export interface MailSettings {
  /** smtp://user:password@host:587 or smtps://...:465 */
  smtpUrl: string;
  /** the From of every message: an address, or a name and one ("Reviews <no-reply@example.com>") */
  from: string;
}

/** The address in a From: `a@b.c`, or the one between the last `<` and a final `>`. */
function fromAddress(from: string): string {
  const open = from.lastIndexOf('<');
  return open >= 0 && from.endsWith('>') ? from.slice(open + 1, -1).trim() : from;
}

/**
 * SMTP_URL and MAIL_FROM: both or neither. Unset, nothing is emailed (the forgot-password form
 * answers 503 and the page says to ask the admin on WhatsApp).
 */
export function parseMail(smtpUrl: string | undefined, mailFrom: string | undefined): MailSettings | undefined {
  const url = smtpUrl?.trim() ?? '';
  const from = mailFrom?.trim() ?? '';
  if (url === '') {
    if (from !== '')
      throw new ConfigError('MAIL_FROM is the sender of the emails SMTP_URL sends; set SMTP_URL too, or neither.');
    return undefined;
  }
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if ((parsed?.protocol !== 'smtp:' && parsed?.protocol !== 'smtps:') || !parsed.hostname) {
    // never echo the value: it may hold the SMTP password
    throw new ConfigError(
      'SMTP_URL must be an SMTP server address such as "smtp://user:password@smtp.example.com:587" (or smtps:// for TLS from the start).',
    );
  }
  const address = fromAddress(from);
  if (from.length > 300 || address.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(address)) {
    throw new ConfigError(
      `MAIL_FROM must be the sender's email address, alone or after a name ("Reviews <no-reply@example.com>"), not "${mailFrom ?? ''}".`,
    );
  }
  return { smtpUrl: url, from };
}

export const IMAGE_STORE_KINDS = ['files', 'postgres'] as const;
export type ImageStoreKind = (typeof IMAGE_STORE_KINDS)[number];

/**
 * IMAGE_STORE: where uploaded images are kept (uploads/store.ts). files (default): the data
 * folder, one process's; postgres: the database, shared by every API process using it.
 */
export function parseImageStore(value: string | undefined): ImageStoreKind {
  const text = value?.trim() ?? '';
  if (text === '') return 'files';
  const kind = IMAGE_STORE_KINDS.find((k) => k === text);
  if (!kind) {
    throw new ConfigError(
      `IMAGE_STORE must be "files" (the data folder) or "postgres" (the database, shared by every API process), not "${value}".`,
    );
  }
  return kind;
}

/** REDIS_URL: where every API process counts rate limits together (redis:// or rediss://); unset: each in its memory. */
export function parseRedisUrl(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'redis:' && url?.protocol !== 'rediss:') {
    throw new ConfigError(`REDIS_URL must be a Redis address such as "redis://127.0.0.1:6379", not "${value}".`);
  }
  return text;
}

export const DEFAULT_DB_MAINTENANCE_MINUTES = 60;

/**
 * DB_MAINTENANCE_MINUTES: how often expired token revocations are purged, unused uploads are
 * deleted (both on PostgreSQL too) and PGlite is vacuumed and analyzed; 0: PGlite's vacuum at
 * start-up only, no purge and no clean-up.
 */
export function parseMaintenanceMinutes(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_DB_MAINTENANCE_MINUTES;
  const minutes = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || minutes > 10_080) {
    throw new ConfigError(
      `DB_MAINTENANCE_MINUTES must be a whole number of minutes from 0 (start-up only) to 10080, not "${value}".`,
    );
  }
  return minutes;
}

/**
 * DRAIN_SECONDS: on SIGTERM (not SIGINT), how long the health check answers 503 (so a load balancer takes
 * the process out of its pool) before the server closes; 0 (the default, one process): at once.
 */
export function parseDrainSeconds(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0;
  const seconds = Number(value);
  if (!/^\s*\d+(\.\d+)?\s*$/.test(value) || seconds > 60) {
    throw new ConfigError(
      `DRAIN_SECONDS must be a number of seconds from 0 to 60 (longer than the balancer needs to mark the process down), not "${value}".`,
    );
  }
  return seconds;
}

/** A time-out in milliseconds, from 100 ms to 10 minutes; unset: the default. */
export function parseMilliseconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const ms = Number(value);
  if (!/^\s*\d{1,6}\s*$/.test(value) || ms < 100 || ms > 600_000) {
    throw new ConfigError(`${name} must be a whole number of milliseconds from 100 to 600000, not "${value}".`);
  }
  return ms;
}

/**
 * FIREBASE_STORAGE_BUCKET: the bucket the shell's runtime JSON names (`firebase.storageBucket`),
 * when images go to Firebase Storage; an order's screenshot may then be a link into it. Unset:
 * screenshots are uploads to this API only.
 */
export function parseFirebaseBucket(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  if (!/^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/.test(text)) {
    throw new ConfigError(
      `FIREBASE_STORAGE_BUCKET must be a bucket name such as "my-app.appspot.com" (the runtime JSON's firebase.storageBucket), not "${value}".`,
    );
  }
  return text;
}

/** The contact sent to push services with each message (VAPID's `sub`) when VAPID_SUBJECT is unset. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:admin@localhost';

/** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT and PUSH_ENDPOINT_ALLOW (push/). */
export interface PushSettings {
  /** both keys or neither (then a pair is kept in DATA_DIR) */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  subject: string;
  allowPrefixes: string[];
}

export function parsePush(env: NodeJS.ProcessEnv): PushSettings {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? '';
  const subject = env.VAPID_SUBJECT?.trim() || DEFAULT_VAPID_SUBJECT;
  const contact = subject.startsWith('mailto:')
    ? /^[^\s@]+@[^\s@]+$/.test(subject.slice(7))
    : /^https:\/\/\S+$/.test(subject);
  if (subject.length > 300 || !contact) {
    throw new ConfigError(
      `VAPID_SUBJECT must be a mailto: or https: address of whoever runs the server, not "${subject}".`,
    );
  }
  if ((publicKey === '') !== (privateKey === '')) {
    throw new ConfigError(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (npx web-push generate-vapid-keys), or neither.',
    );
  }
  if (
    publicKey !== '' &&
    (Buffer.from(publicKey, 'base64url').length !== 65 || Buffer.from(privateKey, 'base64url').length !== 32)
  ) {
    // never echo the private key
    throw new ConfigError(
      'VAPID_PUBLIC_KEY must be 65 bytes and VAPID_PRIVATE_KEY 32 bytes, base64url (npx web-push generate-vapid-keys).',
    );
  }
  const allowPrefixes = (env.PUSH_ENDPOINT_ALLOW ?? '')
    .split(',')
    .map((prefix) => prefix.trim())
    .filter((prefix) => prefix !== '');
  for (const prefix of allowPrefixes) {
    if (!/^https?:\/\/[^/?#@\s]+/i.test(prefix) || /^https?:\/\/[:/]*$/i.test(prefix)) {
      throw new ConfigError(
        `PUSH_ENDPOINT_ALLOW must be URL prefixes with a host, such as "http://127.0.0.1:", not "${prefix}".`,
      );
    }
  }
  return { vapid: publicKey === '' ? undefined : { publicKey, privateKey, subject }, subject, allowPrefixes };
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** MIGRATION_DATABASE_URL: the role that owns the tables runs the migrations; the API's (DATABASE_URL) only reads and writes rows */
  migrationDatabaseUrl: string | undefined;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  appOrigins: string[];
  rateLimits: RateLimits;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  trustProxy: TrustProxy;
  /** API_PUBLIC_URL, without a trailing slash */
  publicUrl: string;
  /** IMAGE_STORE: where uploaded images are kept */
  imageStore: ImageStoreKind;
  /** REDIS_URL: rate limits shared by every API process; unset: counted in each process's memory */
  redisUrl: string | undefined;
  /** minutes between maintenance runs: the purge of expired revocations, PGlite's VACUUM ANALYZE (0: none after start-up) */
  maintenanceMinutes: number;
  /** seconds the health check fails on SIGTERM before the server closes (DRAIN_SECONDS) */
  drainSeconds: number;
  /** how long a request waits on PostgreSQL before a 503 (DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS) */
  databaseTimeouts: DatabaseTimeouts;
  /** FIREBASE_STORAGE_BUCKET: order screenshots may also be links into this bucket */
  firebaseBucket: string | undefined;
  /** SHELL_URL, without a trailing slash: password reset links open its /reset-password */
  shellUrl: string;
  /** SMTP_URL and MAIL_FROM; unset: nothing is emailed */
  mail: MailSettings | undefined;
  /** Web Push: VAPID_* and PUSH_ENDPOINT_ALLOW */
  push: PushSettings;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT ? Number(env.PORT) : 8000;
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new ConfigError(`PORT must be a port number, not "${env.PORT}".`);
  // localhost binds 127.0.0.1 and ::1 (reachable only from this machine); set HOST=0.0.0.0 in a container.
  const host = env.HOST || 'localhost';
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  checkTrustProxyHost(trustProxy, host);
  const databaseUrl = env.DATABASE_URL || undefined;
  const migrationDatabaseUrl = env.MIGRATION_DATABASE_URL || undefined;
  if (migrationDatabaseUrl && !databaseUrl) {
    throw new ConfigError(
      'MIGRATION_DATABASE_URL is the PostgreSQL role that migrates the database DATABASE_URL names; set DATABASE_URL too, or neither.',
    );
  }
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR || DEFAULT_DATA_DIR),
    databaseUrl,
    migrationDatabaseUrl,
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlSeconds: parseTokenTtl(env.JWT_TTL),
    appOrigins: parseOrigins(env.APP_ORIGINS),
    rateLimits: {
      login: parseRateLimit('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, DEFAULT_RATE_LIMITS.login),
      register: parseRateLimit('REGISTER_RATE_LIMIT', env.REGISTER_RATE_LIMIT, DEFAULT_RATE_LIMITS.register),
      upload: parseRateLimit('UPLOAD_RATE_LIMIT', env.UPLOAD_RATE_LIMIT, DEFAULT_RATE_LIMITS.upload),
      failedLogin: parseRateLimit('FAILED_LOGIN_LIMIT', env.FAILED_LOGIN_LIMIT, DEFAULT_RATE_LIMITS.failedLogin),
      anonymousUpload: parseRateLimit(
        'ANONYMOUS_UPLOAD_LIMIT',
        env.ANONYMOUS_UPLOAD_LIMIT,
        DEFAULT_RATE_LIMITS.anonymousUpload,
      ),
      anonymousUploadTotal: parseRateLimit(
        'ANONYMOUS_UPLOAD_TOTAL_LIMIT',
        env.ANONYMOUS_UPLOAD_TOTAL_LIMIT,
        DEFAULT_RATE_LIMITS.anonymousUploadTotal,
      ),
      passwordForgot: parseRateLimit(
        'PASSWORD_RESET_LIMIT',
        env.PASSWORD_RESET_LIMIT,
        DEFAULT_RATE_LIMITS.passwordForgot,
      ),
      passwordForgotEmail: parseRateLimit(
        'PASSWORD_RESET_EMAIL_LIMIT',
        env.PASSWORD_RESET_EMAIL_LIMIT,
        DEFAULT_RATE_LIMITS.passwordForgotEmail,
      ),
      clientErrors: parseRateLimit(
        'CLIENT_ERROR_RATE_LIMIT',
        env.CLIENT_ERROR_RATE_LIMIT,
        DEFAULT_RATE_LIMITS.clientErrors,
      ),
      uploadChunk: parseRateLimit(
        'UPLOAD_CHUNK_RATE_LIMIT',
        env.UPLOAD_CHUNK_RATE_LIMIT,
        DEFAULT_RATE_LIMITS.uploadChunk,
      ),
    },
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy,
    publicUrl: parsePublicUrl(env.API_PUBLIC_URL, port),
    imageStore: parseImageStore(env.IMAGE_STORE),
    maintenanceMinutes: parseMaintenanceMinutes(env.DB_MAINTENANCE_MINUTES),
    drainSeconds: parseDrainSeconds(env.DRAIN_SECONDS),
    databaseTimeouts: {
      connectMs: parseMilliseconds(
        'DATABASE_CONNECT_TIMEOUT_MS',
        env.DATABASE_CONNECT_TIMEOUT_MS,
        DEFAULT_DATABASE_TIMEOUTS.connectMs,
      ),
      statementMs: parseMilliseconds(
        'DATABASE_STATEMENT_TIMEOUT_MS',
        env.DATABASE_STATEMENT_TIMEOUT_MS,
        DEFAULT_DATABASE_TIMEOUTS.statementMs,
      ),
    },
    redisUrl: parseRedisUrl(env.REDIS_URL),
    firebaseBucket: parseFirebaseBucket(env.FIREBASE_STORAGE_BUCKET),
    shellUrl: parseShellUrl(env.SHELL_URL),
    mail: parseMail(env.SMTP_URL, env.MAIL_FROM),
    push: parsePush(env),
  };
}
