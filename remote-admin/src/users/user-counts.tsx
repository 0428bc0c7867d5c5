/** The counts an admin needs of a user, by role (zeros the role cannot have are not shown). */
import type { Role, UserCounts } from 'shared-api/contract';
import { formatRs } from 'shared-ui/lib/format';

/** [label, value] pairs: an agent's orders, unpaid commission and open flags; a manager's products and orders. */
export function countsOf(role: Role, counts: UserCounts): Array<[string, string]> {
  const number = new Intl.NumberFormat('en-US');
  if (role === 'agent') {
    return [
      ['orders', number.format(counts.orders)],
      ['unpaid commission', formatRs(counts.unpaidCommission)],
      ['open flags', number.format(counts.openFlags)],
    ];
  }
  if (role === 'manager') {
    return [
      ['products', number.format(counts.products)],
      ['orders', number.format(counts.orders)],
    ];
  }
  return [];
}

export function UserCountsList({ role, counts, className }: { role: Role; counts: UserCounts; className?: string }) {
  const pairs = countsOf(role, counts);
  if (pairs.length === 0) return <span className="admin-users-muted">—</span>;
  return (
    <dl className={className ?? 'admin-user-counts'}>
      {pairs.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
