/**
 * The people side's reads (docs/domain.md, Accounts), keyed under the users resource like
 * ./queries' userQueries, so a status move (CHANGES.user) invalidates the directory, the record
 * and the pending list at once.
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchUserRecord, fetchUsers, type UserDirectoryParams } from 'shared-api';
import { RESOURCES } from './queries';

export const accountQueries = {
  /** one page of the admins' directory */
  directory: (params: UserDirectoryParams) =>
    queryOptions({ queryKey: [RESOURCES.users, 'directory', params] as const, queryFn: () => fetchUsers(params) }),
  /** a user's whole record with its history */
  record: (id: string) =>
    queryOptions({ queryKey: [RESOURCES.users, 'record', id] as const, queryFn: () => fetchUserRecord(id) }),
};
