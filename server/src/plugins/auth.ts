/**
 * Who may call a route is one declaration, `config: { access }` (see `Access`): it gives the
 * route its sign-in and role hooks and its OpenAPI `security`, so the two cannot disagree.
 *   app.get('/x', { config: { access: signedIn(['admin'], 'Only admins can ...') }, schema }, handler)
 * A documented route without `access`, or with `security` or app.authenticate of its own, is
 * refused when it is registered. A pending user's token is refused (403) except on routes
 * whose access says `allowPending`.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, ROLES, type Role, USER_STATUSES } from 'shared-api/contract';
import { type TokenClaims, TokenError, type TokenService } from '../auth/tokens';
import type { Db } from '../db/connection';
import { prepared } from '../db/prepared';
import { revokedTokens, type UserRow, users } from '../db/schema';
import { HttpError } from '../http-error';
import { isUuid } from '../validation';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** onRequest/preHandler hook: a valid token of an existing, approved user; sets request.user */
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user; set by app.authenticate (null on routes without it). */
    user: SignedInUser | null;
    /** The token the request was signed in with; set by app.authenticate (null on routes without it). */
    session: SignedInSession | null;
    /** The verified token's claims; set by app.authenticate (null on routes without it). */
    claims: TokenClaims | null;
  }
  interface FastifyContextConfig {
    /** who may call the route: its hooks and its OpenAPI security (see Access) */
    access?: Access;
  }
}

/**
 * Who may call a route:
 * - `'public'`: no token is read; the document lists no security.
 * - `'optional'`: the handler signs the caller in when it needs to (an upload without a token is
 *   a registration's ID card image); the document lists a token as optional.
 * - `SignedIn`: app.authenticate, then the role check when `roles` is a list; the document lists
 *   the bearer token.
 */
export type Access = 'public' | 'optional' | SignedIn;
export interface SignedIn {
  /** the roles let through, or 'any' (ownership is checked next to the query, in the service) */
  roles: readonly Role[] | 'any';
  /** the 403's sentence for another role, saying who may */
  refusal?: string;
  /** let a pending (not yet approved) user through too */
  allowPending?: boolean;
  /**
   * The route's own statement reads the session (sessionColumn, with statementSession's values)
   * and its service checks it with statementSession's `accept` before it uses what it read: one
   * statement a request instead of two (docs/benchmarks.md, 29 November: the caller's session in
   * the route's own statement). Until then only the token is checked (its signature, expiry and
   * the role it names); an answer under 400 that never went through `accept` is refused as a fault.
   */
  sessionInStatement?: boolean;
}

/** A signed-in caller of `roles` (any role by default); another role gets a 403 with `refusal`. */
export const signedIn = (roles: SignedIn['roles'] = 'any', refusal?: string): SignedIn =>
  refusal === undefined ? { roles } : { roles, refusal };

const BEARER = { bearer: [] };
/** The OpenAPI `security` of each access, by the scheme the openapi plugin declares. */
function securityOf(access: Access): Record<string, string[]>[] | undefined {
  if (access === 'public') return undefined;
  if (access === 'optional') return [BEARER, {}];
  return [BEARER];
}

/**
 * What app.authenticate reads of the caller on every request: what the checks need and what
 * the handlers use (role and ownership checks, the name on an order's alert or a new product).
 * A handler needing more (GET /api/user, the password change) reads it itself.
 */
const signedInUserColumns = {
  id: users.id,
  role: users.role,
  status: users.status,
  tokenVersion: users.tokenVersion,
  firstName: users.firstName,
  lastName: users.lastName,
};
export type SignedInUser = Pick<UserRow, keyof typeof signedInUserColumns>;

export interface SignedInSession {
  /** the token's jti */
  tokenId: string;
  expiresAt: Date;
}

// Read afresh on every request (never kept between requests), so a password change, a logout
// or a deletion takes effect at once. Whether the token was revoked comes in the same query:
// one round trip per request.
const signedInUserById = prepared('signed_in_user_by_id', (db, name) =>
  db
    .select({
      ...signedInUserColumns,
      revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${sql.placeholder('jti')})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name),
);

/** "Bearer <token>" or the bare token. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(value);
  if (match) return match[1];
  return /\s/.test(value) ? undefined : value;
}

/** The signed-in user (for handlers behind app.authenticate). */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new HttpError(401, MESSAGES.authorizationMissing);
  return request.user;
}

/** The token the caller signed in with (for handlers behind app.authenticate). */
export function currentSession(request: FastifyRequest): SignedInSession {
  if (!request.session) throw new HttpError(401, MESSAGES.authorizationMissing);
  return request.session;
}

/**
 * The one role check, a hook after app.authenticate: the caller's role must be one of `roles`,
 * else a 403 with `message` (a sentence saying who may do it). Ownership is checked next to
 * the query, in the service.
 */
export function requireRole(roles: readonly Role[], message: string = MESSAGES.forbidden) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!roles.includes(currentUser(request).role)) throw new HttpError(403, message);
  };
}

/** What a session is checked by: the token's user, its id and its token version. */
export interface SessionClaims {
  sub: string;
  jti: string;
  tv: number;
}

/**
 * The one check of a session against the database: the user exists, the token was not revoked
 * (logout), its version is the user's (a password change or endAccountSessions revokes older
 * ones), the account is neither rejected nor suspended and, unless `allowPending`, it is approved. Answers the user, or throws the
 * refusal. app.authenticate runs it on every request; a live stream runs it again whenever its
 * account's sessions change (../services/sessions.ts).
 */
export async function checkSession(
  db: Db,
  claims: SessionClaims,
  { allowPending = false }: { allowPending?: boolean } = {},
): Promise<SignedInUser> {
  const [row] = await signedInUserById(db).execute({ id: claims.sub, jti: claims.jti });
  return sessionUser(row, claims, allowPending);
}

/** checkSession's rules, on the caller's row as read (undefined: no such user). */
function sessionUser(
  row: (SignedInUser & { revoked: boolean }) | undefined,
  claims: SessionClaims,
  allowPending: boolean,
): SignedInUser {
  // A deleted user.
  if (!row) throw new HttpError(401, MESSAGES.sessionInvalid);
  const { revoked, ...user } = row;
  if (revoked) throw new HttpError(401, MESSAGES.signedOut);
  // A token older than the last password change.
  if (user.tokenVersion !== claims.tv) throw new HttpError(401, MESSAGES.sessionInvalid);
  // A rejected or suspended account: its tokens were revoked by the move (endAccountSessions);
  // this refuses any that a move without it would leave, even where a pending account may go.
  if (user.status === 'rejected' || user.status === 'suspended') throw new HttpError(401, MESSAGES.sessionInvalid);
  if (user.status !== 'approved' && !allowPending) throw new HttpError(403, MESSAGES.accountPending);
  return user;
}

/**
 * The caller's session as a column of a route's own statement (`sessionInStatement`): the
 * columns signedInUserById reads, as one JSON array, or null when there is no such user. Its
 * placeholders come from statementSession(db, request).values. A subquery of no other table, run once per
 * statement, whatever the statement's rows. (Written out: drizzle leaves the table's name off
 * the columns of a one-table statement, which would let them name the statement's own table.)
 */
export const sessionColumn =
  sql<unknown>`(select json_build_array(caller.role, caller.status, caller.token_version, caller.first_name, caller.last_name, exists (select 1 from revoked_tokens revoked where revoked.jti = ${sql.placeholder('sessionJti')})) from users caller where caller.id = ${sql.placeholder('sessionUser')})`.as(
    'session',
  );

/**
 * What a service needs for a route whose statement reads the session (`sessionInStatement`):
 * whom the token names (to scope the statement to), sessionColumn's placeholders, and `accept`,
 * which checks what the column read (acceptSession). Nothing the statement read may be
 * answered before `accept` has found the same user with the same role.
 */
export interface StatementSession {
  claimed: { id: string; role: Role };
  values: { sessionUser: string; sessionJti: string };
  /** `read`: the session column's value; `undefined` when the statement answered no row */
  accept(read: unknown): Promise<SignedInUser>;
}

/** The StatementSession of a request to a route declared `sessionInStatement`. */
export function statementSession(db: Db, request: FastifyRequest): StatementSession {
  const claims = currentClaims(request);
  return {
    claimed: { id: claims.sub, role: claims.role },
    values: { sessionUser: claims.sub, sessionJti: claims.jti },
    accept: (read) => acceptSession(db, request, read),
  };
}

function currentClaims(request: FastifyRequest): TokenClaims {
  if (!request.claims) throw new HttpError(401, MESSAGES.authorizationMissing);
  return request.claims;
}

/** The requests whose session a route's statement read (acceptSession), refused or not. */
const sessionRead = new WeakSet<FastifyRequest>();

const KNOWN_ROLES: ReadonlySet<unknown> = new Set(ROLES);
const KNOWN_STATUSES: ReadonlySet<unknown> = new Set(USER_STATUSES);

/** sessionColumn's value as signedInUserById's row; anything else is a fault. */
function sessionRow(id: string, read: unknown): (SignedInUser & { revoked: boolean }) | undefined {
  if (read === null) return undefined;
  if (
    Array.isArray(read) &&
    read.length === 6 &&
    KNOWN_ROLES.has(read[0]) &&
    KNOWN_STATUSES.has(read[1]) &&
    Number.isInteger(read[2]) &&
    typeof read[3] === 'string' &&
    typeof read[4] === 'string' &&
    typeof read[5] === 'boolean'
  ) {
    const [role, status, tokenVersion, firstName, lastName, revoked] = read as [
      Role,
      UserRow['status'],
      number,
      string,
      string,
      boolean,
    ];
    return { id, role, status, tokenVersion, firstName, lastName, revoked };
  }
  throw new Error('sessionColumn: the session read is not [role, status, tokenVersion, firstName, lastName, revoked]');
}

/**
 * Checks the session a route's statement read (sessionColumn; `undefined` when the statement
 * answered no row, and then the session is read on its own) by checkSession's rules, and that
 * the account's role is the one the token named (the statement was scoped by it), then signs
 * the caller in (request.user). Answers the caller.
 */
async function acceptSession(db: Db, request: FastifyRequest, read: unknown): Promise<SignedInUser> {
  const claims = currentClaims(request);
  // nothing read, and the session was checked earlier in this request (checkedCaller): that check stands
  if (read === undefined && request.user !== null && sessionRead.has(request)) return request.user;
  sessionRead.add(request);
  const access = request.routeOptions.config.access;
  const allowPending = typeof access === 'object' && access.allowPending === true;
  const user =
    read === undefined
      ? await checkSession(db, claims, { allowPending })
      : sessionUser(sessionRow(claims.sub, read), claims, allowPending);
  if (user.role !== claims.role) throw new HttpError(401, MESSAGES.sessionInvalid);
  request.user = user;
  return user;
}

/**
 * The caller, its session checked: request.user, or on a route whose statement reads the session
 * (sessionInStatement), read now on its own, before the route's statement; where a request must
 * know its caller first (an answer kept under its Idempotency-Key is the caller's, and a replay
 * runs none of the route's statements). A later `accept` of what the statement read checks again.
 */
export async function checkedCaller(db: Db, request: FastifyRequest): Promise<SignedInUser> {
  return request.user ?? acceptSession(db, request, undefined);
}

/** How many verified tokens an app keeps (about 200 bytes each); past it, the oldest is verified again when it comes back. */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * `tokens.verify`, remembering the tokens it verified, by their text: checking a token's HS256
 * signature (WebCrypto, through jose) was a tenth of a small answer's time under load
 * (docs/benchmarks.md, Where the API's time goes). Only the signature's check is remembered, and
 * it cannot change for a given text while the process's secret is the same (each app has its own,
 * and its own list). The expiry is checked on every request, as jose checks it; the session itself
 * (revoked, token version, account status) is read from the database on every request as before,
 * so a logout, a password change or a suspension ends it at once.
 */
export function rememberVerified(
  tokens: TokenService,
  kept = VERIFIED_TOKENS_KEPT,
  now: () => number = Date.now,
): (token: string) => Promise<TokenClaims> {
  const verified = new Map<string, TokenClaims>();
  return async (token) => {
    const known = verified.get(token);
    if (known) {
      // jose's rule: expired once `exp` is not after the current second
      if (known.exp > Math.floor(now() / 1000)) return known;
      verified.delete(token);
      throw new TokenError('expired');
    }
    const claims = await tokens.verify(token);
    if (verified.size >= kept) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, claims);
    return claims;
  };
}

async function authPlugin(app: FastifyInstance, options: { tokens: TokenService }) {
  app.decorate('tokens', options.tokens);
  const verify = rememberVerified(options.tokens);
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorateRequest('claims', null);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) throw new HttpError(401, MESSAGES.authorizationMissing);
    let claims: Awaited<ReturnType<TokenService['verify']>>;
    try {
      claims = await verify(token);
    } catch (error) {
      const expired = error instanceof TokenError && error.reason === 'expired';
      throw new HttpError(401, expired ? MESSAGES.sessionExpired : MESSAGES.sessionInvalid);
    }
    if (!isUuid(claims.sub)) throw new HttpError(401, MESSAGES.sessionInvalid);
    request.claims = claims;
    request.session = { tokenId: claims.jti, expiresAt: new Date(claims.exp * 1000) };
    const access = request.routeOptions.config.access;
    const declared = typeof access === 'object' ? access : undefined;
    // the route's statement reads the session; its handler checks it (acceptSession)
    if (declared?.sessionInStatement === true) return;
    request.user = await checkSession(app.db, claims, { allowPending: declared?.allowPending === true });
  });

  /**
   * A refusal that comes before a sessionInStatement route's statement (its params, query or
   * body refused, a role the token names that the route does not let in) comes after the
   * session's own, as on every other route: a signed-out or pending caller hears that first.
   */
  const sessionFirst = async (request: FastifyRequest): Promise<void> => {
    if (request.claims === null || request.user !== null || sessionRead.has(request)) return;
    const access = request.routeOptions.config.access;
    await checkSession(app.db, request.claims, {
      allowPending: typeof access === 'object' && access.allowPending === true,
    });
  };

  // Every route registered after this plugin (all of them) goes through here.
  app.addHook('onRoute', (route) => applyAccess(route, app.authenticate, sessionFirst));
}

type Hook = NonNullable<RouteOptions['onRequest']>;

/**
 * Turns a route's `access` into its hooks and its OpenAPI `security`. They come before the
 * route's own onRequest hooks (the rate limit's included), as they were written by hand before.
 */
export function applyAccess(
  route: RouteOptions,
  authenticate: FastifyInstance['authenticate'],
  sessionFirst: (request: FastifyRequest) => Promise<void> = async () => {},
): void {
  const schema = route.schema as { hide?: boolean; security?: unknown } | undefined;
  const access = route.config?.access;
  const where = `${String(route.method)} ${route.url}`;
  const own: Hook[] = hooksOf(route.onRequest);
  if (schema?.security !== undefined) throw new Error(`${where}: security comes from config.access, not the schema.`);
  if (own.includes(authenticate)) throw new Error(`${where}: sign-in comes from config.access, not an onRequest hook.`);
  if (access === undefined) {
    // the reference page's files and the document itself: public, and not in the document
    if (schema?.hide === true) return;
    throw new Error(`${where}: declare who may call it, config.access.`);
  }
  const security = securityOf(access);
  if (security) route.schema = { ...route.schema, security };
  if (typeof access !== 'object') return;
  const hooks: Hook[] = [authenticate];
  if (access.sessionInStatement === true) {
    // the role the token names, now; the account's, once the statement has read it (acceptSession)
    if (access.roles !== 'any') hooks.push(requireClaimedRole(access.roles, access.refusal));
    route.preSerialization = [refuseUnchecked(where), ...hooksOf(route.preSerialization)] as PreSerialization;
    if (route.errorHandler !== undefined)
      throw new Error(`${where}: a sessionInStatement route has no error handler of its own.`);
    // the session's refusal, if any, else the error as it came (to the app's error handler)
    route.errorHandler = async (error, request) => {
      await sessionFirst(request);
      throw error;
    };
  } else if (access.roles !== 'any') hooks.push(requireRole(access.roles, access.refusal));
  route.onRequest = [...hooks, ...own] as Hook;
}

type PreSerialization = NonNullable<RouteOptions['preSerialization']>;
function hooksOf<H>(hooks: H | H[] | undefined): H[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

/** requireRole on the role the token names, for a route whose statement reads the session. */
function requireClaimedRole(roles: readonly Role[], message: string = MESSAGES.forbidden): Hook {
  // every request of the route passes here: a callback, not an async function (no promise a request)
  return (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
    const claimed = request.claims?.role;
    if (claimed === undefined) done(new HttpError(401, MESSAGES.authorizationMissing));
    else if (!roles.includes(claimed)) done(new HttpError(403, message));
    else done();
  };
}

/** A route whose statement reads the session answers nothing under 400 before acceptSession. */
function refuseUnchecked(where: string) {
  return (
    request: FastifyRequest,
    reply: { statusCode: number },
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ): void => {
    if (request.user === null && reply.statusCode < 400) {
      done(new Error(`${where}: answered before acceptSession checked the session`));
      return;
    }
    done(null, payload);
  };
}

export default fp(authPlugin, { name: 'auth', dependencies: ['errors'] });
