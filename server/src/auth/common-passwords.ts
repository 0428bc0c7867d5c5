/**
 * The 10,000 most common passwords, refused wherever a password is set (registration, a
 * password change, an admin's approval, the first admin). The list is zxcvbn's password
 * dictionary, ranked most common first and in lower case, shipped inside the
 * @zxcvbn-ts/language-common package: no network at run time. It stays on the server, out of
 * the browser bundles.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD_COUNT = 10_000;

let common: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT));
  return common;
}

/** Compared trimmed and without case: "Password1 " is as easy to guess as "password1". */
export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.trim().toLowerCase());
