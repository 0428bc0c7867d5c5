/**
 * Signed session tokens (JWT, HS256). A token carries the user id (sub), role, token version
 * (tv) and its own unique id (jti); the auth plugin checks tv against the user row, so bumping
 * users.token_version (a password change) revokes every older token, and refuses a token
 * whose jti is in revoked_tokens (a logout revokes that one token).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ROLES, type Role } from 'shared-api/contract';
import type { UserRow } from '../db/schema';

export const JWT_SECRET_FILE_NAME = 'jwt-secret';
export const MIN_JWT_SECRET_LENGTH = 32;

export interface TokenClaims {
  sub: string;
  role: Role;
  tv: number;
  /** the token's own id, what a logout revokes */
  jti: string;
  /** when it expires, in seconds since the epoch */
  exp: number;
}

export class TokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'token expired' : 'token invalid');
    this.name = 'TokenError';
  }
}

export interface TokenService {
  sign(user: Pick<UserRow, 'id' | 'role' | 'tokenVersion'>): Promise<string>;
  /** Throws TokenError. */
  verify(token: string): Promise<TokenClaims>;
}

export function createTokenService({ secret, ttlSeconds }: { secret: string; ttlSeconds: number }): TokenService {
  if (secret.length < MIN_JWT_SECRET_LENGTH) {
    throw new Error(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters long.`);
  }
  // Imported once: given the secret's bytes, jose imports them again on every sign and verify.
  let key: Promise<CryptoKey> | undefined;
  const hmacKey = () =>
    (key ??= globalThis.crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ));
  return {
    sign: async (user) =>
      new SignJWT({ role: user.role, tv: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setJti(crypto.randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await hmacKey()),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), { algorithms: ['HS256'] });
        const { sub, role, tv, jti, exp } = payload;
        // A token without a jti (signed before logout existed) could not be revoked: never valid.
        if (
          typeof sub !== 'string' ||
          !ROLES.includes(role as Role) ||
          !Number.isInteger(tv) ||
          typeof jti !== 'string' ||
          jti.length === 0 ||
          jti.length > 64 ||
          typeof exp !== 'number'
        ) {
          throw new TokenError('invalid');
        }
        return { sub, role: role as Role, tv: tv as number, jti, exp };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new TokenError('expired');
        throw new TokenError('invalid');
      }
    },
  };
}

/** JWT_SECRET when set; otherwise a random secret generated once and kept in DATA_DIR (mode 600). */
export function loadOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, JWT_SECRET_FILE_NAME);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    // Another process sharing DATA_DIR (several API processes on one PostgreSQL) wrote it first.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}
