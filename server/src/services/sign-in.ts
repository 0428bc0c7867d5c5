/**
 * Signing in (docs/domain.md, Accounts and sessions): every attempt is counted per account and
 * address before its password is checked (../auth/sign-in-attempts.ts), for an email without an
 * account too, so a guesser past the limit waits and learns nothing about who has an account.
 */
import { ACCOUNT_MESSAGES, MESSAGES, tooManyFailedSignIns } from 'shared-api/contract';
import { attemptKey, type SignInAttempts } from '../auth/sign-in-attempts';
import type { Db } from '../db/connection';
import type { UserRow } from '../db/schema';
import { builtTranslations } from '../http/language';
import { HttpError } from '../http-error';
import { checkCredentials } from './users';

/** A 429: this address must wait before its next attempt on this account. */
export class SignInWait extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(waitMs: number) {
    super(
      429,
      tooManyFailedSignIns(waitMs),
      undefined,
      builtTranslations((b) => b.tooManyFailedSignIns(waitMs)),
    );
    this.name = 'SignInWait';
    this.retryAfterSeconds = Math.ceil(waitMs / 1000);
  }
}

/** A rejected or suspended account's 403 at sign-in: why, in the admin's words (docs/domain.md, Accounts). */
function refusalOf(user: UserRow): string {
  const message = user.status === 'rejected' ? ACCOUNT_MESSAGES.rejectedLogin : ACCOUNT_MESSAGES.suspendedLogin;
  return `${message} ${user.statusReason ?? ''}`.trim();
}

/**
 * The approved user the credentials name; refusals: SignInWait (429), 401, a pending account's
 * 403, a rejected or suspended account's 403 with its reason.
 */
export async function signIn(
  db: Db,
  attempts: SignInAttempts,
  { email, password, address }: { email: string; password: string; address: string },
): Promise<UserRow> {
  const attempt = attemptKey(email, address);
  const waitMs = await attempts.take(attempt);
  if (waitMs > 0) throw new SignInWait(waitMs);
  const user = await checkCredentials(db, email, password);
  await attempts.clear(attempt);
  if (user.status === 'approved') return user;
  // Said only to the right password: a wrong one is the usual 401 whatever the account's status.
  if (user.status === 'rejected' || user.status === 'suspended') throw new HttpError(403, refusalOf(user));
  throw new HttpError(403, MESSAGES.pendingLogin);
}
