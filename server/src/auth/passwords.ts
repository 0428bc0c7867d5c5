import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (its Algorithm enum is a const enum that
// isolatedModules cannot import); a test checks the $argon2id$ prefix.
export const hashPassword = (password: string): Promise<string> => hash(password);

/** A hash to verify against when the email is unknown, so both answers take the same time. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    dummyHash ??= hash('no such user');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    // a malformed stored hash never signs anyone in
    return false;
  }
}
