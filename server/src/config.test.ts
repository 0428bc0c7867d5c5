import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_APP_ORIGINS,
  DEFAULT_RATE_LIMITS,
  loadConfig,
  parseDrainSeconds,
  parseMilliseconds,
  parsePublicUrl,
  parsePush,
  parseRateLimit,
  parseTokenTtl,
  parseTrustProxy,
} from './config';

describe('configuration from the environment', () => {
  it('reads the database time-outs, with the fail-fast defaults', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({ connectMs: 1_500, statementMs: 5_000 });
    expect(
      loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '800', DATABASE_STATEMENT_TIMEOUT_MS: ' 20000 ' }).databaseTimeouts,
    ).toEqual({ connectMs: 800, statementMs: 20_000 });
    for (const bad of ['0', '99', '1.5', '-1', '5s', '600001']) {
      expect(() => parseMilliseconds('DATABASE_STATEMENT_TIMEOUT_MS', bad, 5_000)).toThrow(ConfigError);
    }
  });

  it('has safe defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8000,
      host: 'localhost',
      appOrigins: DEFAULT_APP_ORIGINS,
      rateLimits: DEFAULT_RATE_LIMITS,
      tokenTtlSeconds: 7 * 24 * 3600,
      databaseUrl: undefined,
      jwtSecret: undefined,
    });
    expect(config.dataDir).toMatch(/[/\\]data$/);
  });

  it('reads origins, limits and the token lifetime', () => {
    const config = loadConfig({
      APP_ORIGINS: 'https://app.example.com/, https://admin.example.com',
      LOGIN_RATE_LIMIT: '5/min',
      REGISTER_RATE_LIMIT: '100/h',
      UPLOAD_RATE_LIMIT: '30',
      FAILED_LOGIN_LIMIT: '5/30min',
      ANONYMOUS_UPLOAD_LIMIT: '4/h',
      ANONYMOUS_UPLOAD_TOTAL_LIMIT: '50/10min',
      PASSWORD_RESET_LIMIT: '6/h',
      PASSWORD_RESET_EMAIL_LIMIT: '2/h',
      CLIENT_ERROR_RATE_LIMIT: '5/min',
      UPLOAD_CHUNK_RATE_LIMIT: '100/min',
      JWT_TTL: '12h',
    });
    expect(config.appOrigins).toEqual(['https://app.example.com', 'https://admin.example.com']);
    expect(config.rateLimits).toEqual({
      login: { max: 5, timeWindow: 60_000 },
      register: { max: 100, timeWindow: 3_600_000 },
      upload: { max: 30, timeWindow: 60_000 },
      failedLogin: { max: 5, timeWindow: 30 * 60_000 },
      anonymousUpload: { max: 4, timeWindow: 3_600_000 },
      anonymousUploadTotal: { max: 50, timeWindow: 10 * 60_000 },
      passwordForgot: { max: 6, timeWindow: 3_600_000 },
      passwordForgotEmail: { max: 2, timeWindow: 3_600_000 },
      clientErrors: { max: 5, timeWindow: 60_000 },
      uploadChunk: { max: 100, timeWindow: 60_000 },
    });
    expect(loadConfig({}).rateLimits).toMatchObject({
      anonymousUpload: { max: 10, timeWindow: 3_600_000 },
      anonymousUploadTotal: { max: 200, timeWindow: 3_600_000 },
    });
    expect(() => loadConfig({ ANONYMOUS_UPLOAD_LIMIT: 'few' })).toThrow(/ANONYMOUS_UPLOAD_LIMIT/);
    expect(config.tokenTtlSeconds).toBe(12 * 3600);
  });

  it('refuses values it cannot read, naming the variable', () => {
    expect(() => parseRateLimit('LOGIN_RATE_LIMIT', 'lots', DEFAULT_RATE_LIMITS.login)).toThrow(/LOGIN_RATE_LIMIT/);
    expect(() => parseRateLimit('LOGIN_RATE_LIMIT', '0/min', DEFAULT_RATE_LIMITS.login)).toThrow(ConfigError);
    expect(() => parseTokenTtl('forever')).toThrow(/JWT_TTL/);
    expect(() => loadConfig({ PORT: 'http' })).toThrow(/PORT/);
    expect(parseRateLimit('X', '5/10s', DEFAULT_RATE_LIMITS.login)).toEqual({ max: 5, timeWindow: 10_000 });
  });

  it('builds the public URL of upload links from API_PUBLIC_URL, or localhost and the port', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8000');
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ API_PUBLIC_URL: 'https://api.example.com/' }).publicUrl).toBe('https://api.example.com');
    expect(parsePublicUrl('https://example.com/shop/api//', 8000)).toBe('https://example.com/shop/api');
    expect(() => loadConfig({ API_PUBLIC_URL: 'api.example.com' })).toThrow(/API_PUBLIC_URL/);
    expect(() => parsePublicUrl('ftp://example.com', 8000)).toThrow(ConfigError);
  });
  it('reads SHELL_URL, where reset links lead: the local shell by default', () => {
    expect(loadConfig({}).shellUrl).toBe('http://localhost:3000');
    expect(loadConfig({ SHELL_URL: 'https://app.example.com/' }).shellUrl).toBe('https://app.example.com');
    expect(() => loadConfig({ SHELL_URL: 'app.example.com' })).toThrow(/SHELL_URL/);
  });

  it('reads SMTP_URL and MAIL_FROM together, or neither, and never echoes the SMTP password', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(
      loadConfig({
        SMTP_URL: ' smtps://user:secret@smtp.example.com:465 ',
        MAIL_FROM: 'Reviews <no-reply@example.com>',
      }).mail,
    ).toEqual({ smtpUrl: 'smtps://user:secret@smtp.example.com:465', from: 'Reviews <no-reply@example.com>' });
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:25', MAIL_FROM: 'no-reply@example.com' }).mail?.from).toBe(
      'no-reply@example.com',
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp://localhost:25' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ MAIL_FROM: 'no-reply@example.com' })).toThrow(/SMTP_URL too/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://localhost', MAIL_FROM: 'Reviews <nobody>' })).toThrow(/MAIL_FROM/);
    for (const bad of ['http://user:secret@smtp.example.com', 'user:secret@smtp.example.com']) {
      expect(() => loadConfig({ SMTP_URL: bad, MAIL_FROM: 'a@example.com' })).toThrow(/SMTP_URL/);
      try {
        loadConfig({ SMTP_URL: bad, MAIL_FROM: 'a@example.com' });
      } catch (error) {
        expect(String(error)).not.toContain('secret');
      }
    }
  });

  it('reads IMAGE_STORE: the data folder by default, or the database, and refuses anything else', () => {
    expect(loadConfig({}).imageStore).toBe('files');
    expect(loadConfig({ IMAGE_STORE: 'postgres' }).imageStore).toBe('postgres');
    expect(loadConfig({ IMAGE_STORE: ' files ' }).imageStore).toBe('files');
    expect(() => loadConfig({ IMAGE_STORE: 's3' })).toThrow(
      'IMAGE_STORE must be "files" (the data folder) or "postgres" (the database, shared by every API process), not "s3".',
    );
  });

  it('reads DB_MAINTENANCE_MINUTES: 60 by default, 0 for start-up only, and refuses anything else', () => {
    expect(loadConfig({}).maintenanceMinutes).toBe(60);
    expect(loadConfig({ DB_MAINTENANCE_MINUTES: '0' }).maintenanceMinutes).toBe(0);
    expect(loadConfig({ DB_MAINTENANCE_MINUTES: ' 15 ' }).maintenanceMinutes).toBe(15);
    for (const bad of ['-5', '1.5', 'hourly', '99999']) {
      expect(() => loadConfig({ DB_MAINTENANCE_MINUTES: bad })).toThrow(/DB_MAINTENANCE_MINUTES/);
    }
  });

  it('limits failed sign-ins per account to 10 in 15 minutes unless FAILED_LOGIN_LIMIT says otherwise', () => {
    expect(loadConfig({}).rateLimits.failedLogin).toEqual({ max: 10, timeWindow: 15 * 60_000 });
    expect(() => loadConfig({ FAILED_LOGIN_LIMIT: 'never' })).toThrow(/FAILED_LOGIN_LIMIT/);
  });

  it('reads TRUST_PROXY as no proxy, a number of proxies, or their addresses and ranges', () => {
    for (const off of [undefined, '', ' ', 'false', '0']) expect(parseTrustProxy(off)).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses TRUST_PROXY=true, which would let any client choose its address, and says what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/number of proxies in front of the API \(e\.g\. "1"\)/);
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,', '11']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('refuses a range of every address in TRUST_PROXY with a message, as it refuses true', () => {
    for (const everyone of ['0.0.0.0/0', '::/0', '10.0.0.5, 0.0.0.0/0', '::ffff:0.0.0.0/96', '::ffff:10.0.0.0/90']) {
      expect(() => loadConfig({ TRUST_PROXY: everyone }), everyone).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: everyone }), everyone).toThrow(
        /a range of every address, which would trust every X-Forwarded-For entry/,
      );
    }
    expect(parseTrustProxy('::ffff:10.0.0.0/104')).toEqual(['::ffff:10.0.0.0/104']);
  });

  it('takes TRUST_PROXY as a number of proxies only when HOST is a loopback address', () => {
    for (const host of [undefined, 'localhost', '127.0.0.1', '127.0.1.1', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(loadConfig({ TRUST_PROXY: '1', HOST: host }).trustProxy, host).toBe(1);
    }
    for (const host of ['0.0.0.0', '::', '10.0.1.11', 'api.internal', '128.0.0.1']) {
      expect(() => loadConfig({ TRUST_PROXY: '2', HOST: host }), host).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: '2', HOST: host }), host).toThrow(
        /Set HOST to a loopback address \(127\.0\.0\.1, ::1 or localhost\) with the proxy on this machine, or set TRUST_PROXY to the proxies' addresses/,
      );
      // the proxies named by address, or no proxy at all, listen anywhere
      expect(loadConfig({ TRUST_PROXY: '10.0.1.10', HOST: host }).trustProxy).toEqual(['10.0.1.10']);
      expect(loadConfig({ TRUST_PROXY: '0', HOST: host }).trustProxy).toBe(false);
    }
  });

  it('takes MIGRATION_DATABASE_URL, the role that migrates, only beside DATABASE_URL', () => {
    expect(loadConfig({}).migrationDatabaseUrl).toBeUndefined();
    const both = loadConfig({
      DATABASE_URL: 'postgres://api@db/app',
      MIGRATION_DATABASE_URL: 'postgres://owner@db/app',
    });
    expect(both).toMatchObject({
      databaseUrl: 'postgres://api@db/app',
      migrationDatabaseUrl: 'postgres://owner@db/app',
    });
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: 'postgres://owner@db/app' })).toThrow(/set DATABASE_URL too/);
  });

  it('drains for DRAIN_SECONDS before a stop, none by default, and refuses what is not 0 to 60 seconds', () => {
    expect(loadConfig({}).drainSeconds).toBe(0);
    expect(parseDrainSeconds('3')).toBe(3);
    expect(parseDrainSeconds('1.5')).toBe(1.5);
    for (const bad of ['-1', 'soon', '61', '3s']) {
      expect(() => parseDrainSeconds(bad), bad).toThrow(ConfigError);
    }
  });

  it('reads REDIS_URL, and refuses an address that is not a Redis one', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: ' redis://127.0.0.1:6379/0 ' }).redisUrl).toBe('redis://127.0.0.1:6379/0');
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example.com' }).redisUrl).toBe('rediss://cache.example.com');
    for (const bad of ['127.0.0.1:6379', 'http://cache.example.com', 'redis']) {
      expect(() => loadConfig({ REDIS_URL: bad }), bad).toThrow(/REDIS_URL/);
    }
  });

  it('reads FIREBASE_STORAGE_BUCKET as a bucket name, and refuses anything else', () => {
    expect(loadConfig({}).firebaseBucket).toBeUndefined();
    expect(loadConfig({ FIREBASE_STORAGE_BUCKET: ' my-app.appspot.com ' }).firebaseBucket).toBe('my-app.appspot.com');
    for (const bad of ['gs://my-app.appspot.com', 'my app', 'https://firebasestorage.googleapis.com/v0/b/x', 'a/b']) {
      expect(() => loadConfig({ FIREBASE_STORAGE_BUCKET: bad }), bad).toThrow(/FIREBASE_STORAGE_BUCKET/);
    }
  });
});

describe('Web Push settings (VAPID_*, PUSH_ENDPOINT_ALLOW)', () => {
  const PUBLIC = Buffer.alloc(65, 4).toString('base64url');
  const PRIVATE = Buffer.alloc(32, 7).toString('base64url');

  it('takes both keys or neither, a contact, and URL prefixes with a host', () => {
    expect(parsePush({})).toEqual({ vapid: undefined, subject: 'mailto:admin@localhost', allowPrefixes: [] });
    expect(
      parsePush({
        VAPID_PUBLIC_KEY: PUBLIC,
        VAPID_PRIVATE_KEY: PRIVATE,
        VAPID_SUBJECT: 'https://reviews.example.com',
        PUSH_ENDPOINT_ALLOW: 'http://127.0.0.1:, https://push.example.com/',
      }),
    ).toEqual({
      vapid: { publicKey: PUBLIC, privateKey: PRIVATE, subject: 'https://reviews.example.com' },
      subject: 'https://reviews.example.com',
      allowPrefixes: ['http://127.0.0.1:', 'https://push.example.com/'],
    });
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: PUBLIC }, /go together/],
    [{ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: PRIVATE }, /65 bytes/],
    [{ VAPID_SUBJECT: 'admin@example.com' }, /mailto: or https:/],
    [{ VAPID_SUBJECT: 'mailto:no-at-sign' }, /mailto: or https:/],
    [{ PUSH_ENDPOINT_ALLOW: 'http://' }, /with a host/],
    [{ PUSH_ENDPOINT_ALLOW: '127.0.0.1' }, /with a host/],
  ])('refuses %j with a message saying why', (env, message) => {
    expect(() => parsePush(env)).toThrow(message);
  });

  it('never echoes a private key it refuses', () => {
    expect(() => parsePush({ VAPID_PUBLIC_KEY: PUBLIC, VAPID_PRIVATE_KEY: 'secret-private-value' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secret-private-value') }),
    );
  });
});
