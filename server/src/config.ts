/** Settings from the environment, read once by main.ts (tests pass options to buildApp directly). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RateLimitSetting {
  max: number;
  timeWindow: number;
}

export interface RateLimits {
  login: RateLimitSetting;
  register: RateLimitSetting;
  upload: RateLimitSetting;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 20, timeWindow: 60_000 },
  register: { max: 10, timeWindow: 60_000 },
  upload: { max: 60, timeWindow: 60_000 },
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
  const match = /^\s*(\d+)\s*(?:\/\s*(\d*)\s*(s|sec|m|min|h|hour))?\s*$/.exec(value);
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
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/.exec(value);
  const seconds = match ? Number(match[1]) * (TTL_UNIT_SECONDS[match[2] || 's'] ?? 1) : 0;
  if (seconds < 60)
    throw new ConfigError(`JWT_TTL must be at least 60 seconds, e.g. "7d", "12h" or "3600", not "${value}".`);
  return seconds;
}

export function parseOrigins(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return DEFAULT_APP_ORIGINS;
  return value
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
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
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export const DEFAULT_DB_MAINTENANCE_MINUTES = 60;

/**
 * DB_MAINTENANCE_MINUTES: how often PGlite is vacuumed and analyzed and unused uploads are
 * deleted (on PostgreSQL too); 0: vacuum only at start-up, no clean-up.
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

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  appOrigins: string[];
  rateLimits: RateLimits;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  /** API_PUBLIC_URL, without a trailing slash */
  publicUrl: string;
  /** PGlite only: minutes between VACUUM ANALYZE runs (0: at start-up only) */
  maintenanceMinutes: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT ? Number(env.PORT) : 8000;
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new ConfigError(`PORT must be a port number, not "${env.PORT}".`);
  return {
    port,
    // localhost binds 127.0.0.1 and ::1 (reachable only from this machine); set HOST=0.0.0.0 in a container.
    host: env.HOST || 'localhost',
    dataDir: path.resolve(env.DATA_DIR || DEFAULT_DATA_DIR),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlSeconds: parseTokenTtl(env.JWT_TTL),
    appOrigins: parseOrigins(env.APP_ORIGINS),
    rateLimits: {
      login: parseRateLimit('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, DEFAULT_RATE_LIMITS.login),
      register: parseRateLimit('REGISTER_RATE_LIMIT', env.REGISTER_RATE_LIMIT, DEFAULT_RATE_LIMITS.register),
      upload: parseRateLimit('UPLOAD_RATE_LIMIT', env.UPLOAD_RATE_LIMIT, DEFAULT_RATE_LIMITS.upload),
    },
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    publicUrl: parsePublicUrl(env.API_PUBLIC_URL, port),
    maintenanceMinutes: parseMaintenanceMinutes(env.DB_MAINTENANCE_MINUTES),
  };
}
