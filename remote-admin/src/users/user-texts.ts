/**
 * The people screens' words for the contract's values (roles, statuses), in the chosen language.
 * The contract keeps its English tables; each value has its own key here, so a new role or status
 * fails the type check until it is translated.
 */

import type { Translate } from 'shared-api';
import type { Gender, Role, UserStatus } from 'shared-api/contract';
import type { UsersKey } from './i18n';

type T = Translate<UsersKey>;

/** A role as a field shows it: 'agent'. */
export function roleWord(t: T, role: Role): string {
  const words: Record<Role, string> = {
    admin: t('admin.users.role.admin'),
    manager: t('admin.users.role.manager'),
    agent: t('admin.users.role.agent'),
  };
  return words[role];
}

/** A status as the badge and the chips show it: 'Pending' (the contract's USER_STATUS_LABELS). */
export function statusLabel(t: T, status: UserStatus): string {
  const labels: Record<UserStatus, string> = {
    pending: t('admin.users.status.pending'),
    approved: t('admin.users.status.approved'),
    rejected: t('admin.users.status.rejected'),
    suspended: t('admin.users.status.suspended'),
  };
  return labels[status];
}

/** A status as a field shows it: 'pending'. */
export function statusWord(t: T, status: UserStatus): string {
  const words: Record<UserStatus, string> = {
    pending: t('admin.users.statusValue.pending'),
    approved: t('admin.users.statusValue.approved'),
    rejected: t('admin.users.statusValue.rejected'),
    suspended: t('admin.users.statusValue.suspended'),
  };
  return words[status];
}

/** A gender as a field shows it ('female'); none chosen is the caller's to show. */
export function genderWord(t: T, gender: Gender): string {
  const words: Record<Gender, string> = {
    male: t('admin.users.gender.male'),
    female: t('admin.users.gender.female'),
  };
  return words[gender];
}
