/** Reading users: the lookups sign-in and the user routes share. */
import { eq, sql } from 'drizzle-orm';
import type { User } from 'shared-api/contract';
import type { Db } from './db/connection';
import { type UserRow, users } from './db/schema';
import { toUserJson } from './serializers';

/** Emails are unique and compared without case (the users_email_lower_unique index). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return user;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** The user's JSON with its referrer filled in (referralUserId is an object in the contract). */
export async function loadUserJson(db: Db, user: UserRow): Promise<User> {
  const referrer = user.referralUserId ? await findUserById(db, user.referralUserId) : undefined;
  return toUserJson(user, referrer ?? null);
}
