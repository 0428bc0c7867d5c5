/** The counts an admin needs of a user, by role (zeros the role cannot have are not shown). */
import { intlLocale, type Translate } from 'shared-api';
import type { Role, UserCounts } from 'shared-api/contract';
import { formatRs } from 'shared-ui/lib/format';
import { type UsersKey, useT } from './i18n';

/** [label, value] pairs: an agent's orders, unpaid commission and open flags; a manager's products and orders. */
export function countsOf(t: Translate<UsersKey>, role: Role, counts: UserCounts): Array<[string, string]> {
  const number = new Intl.NumberFormat(intlLocale());
  if (role === 'agent') {
    return [
      [t('admin.users.counts.orders'), number.format(counts.orders)],
      [t('admin.users.counts.unpaidCommission'), formatRs(counts.unpaidCommission)],
      [t('admin.users.counts.openFlags'), number.format(counts.openFlags)],
    ];
  }
  if (role === 'manager') {
    return [
      [t('admin.users.counts.products'), number.format(counts.products)],
      [t('admin.users.counts.orders'), number.format(counts.orders)],
    ];
  }
  return [];
}

export function UserCountsList({ role, counts, className }: { role: Role; counts: UserCounts; className?: string }) {
  const t = useT();
  const pairs = countsOf(t, role, counts);
  if (pairs.length === 0) return <span className="admin-users-muted">—</span>;
  return (
    <dl className={className ?? 'admin-user-counts'}>
      {pairs.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            <bdi dir="ltr">{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
