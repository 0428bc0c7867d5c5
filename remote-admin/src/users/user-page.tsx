/**
 * /admin/users/{id} (admin): a user's whole record (docs/domain.md, Accounts): details, status
 * and its reason, the ID images (short-lived signed links; click to enlarge), an agent's payout
 * account (masked), the counts, the actions its status allows and the history.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  ACCOUNT_SCREEN_TEXTS,
  type MaskedPayoutAccount,
  type ResetLink,
  USER_PAYOUT_METHOD_LABELS,
  type UserRecord,
} from 'shared-api/contract';
import { accountQueries } from 'shared-ui/lib/account-queries';
import { formatDate, formatDateTime } from 'shared-ui/lib/format';
import { useResource } from 'shared-ui/lib/use-resource';
import { USERS_PATH } from './directory-query';
import { IdImages } from './id-images';
import { ResetLinkPanel } from './reset-link-panel';
import { UserActions } from './user-actions';
import { UserCountsList } from './user-counts';
import { UserHistory } from './user-history';
import { orNone, UserLoadState } from './user-load-state';
import { UserStatusBadge } from './user-status-badge';
import './users.css';

export function UserPage() {
  const { id = '' } = useParams();
  // another user's record never shows while this one loads
  const record = useResource(
    { ...accountQueries.record(id), placeholderData: undefined },
    ACCOUNT_SCREEN_TEXTS.userFailed,
  );
  const user = record.data;

  let body: ReactNode;
  if (record.error || !user || user._id !== id) {
    body = <UserLoadState error={record.error && record.error} onRetry={record.reload} />;
  } else {
    body = <UserRecordView key={user._id} user={user} onImagesExpired={record.reload} />;
  }

  return (
    <section className="admin-users" aria-labelledby="admin-user-heading">
      <header className="admin-users-header">
        <Link className="admin-users-back" to={USERS_PATH}>
          <span aria-hidden="true">← </span>users
        </Link>
        <h1 id="admin-user-heading">{user && user._id === id ? user.name : 'user'}</h1>
      </header>
      {body}
    </section>
  );
}

function UserRecordView({ user, onImagesExpired }: { user: UserRecord; onImagesExpired: () => void }) {
  const statusRef = useRef<HTMLHeadingElement>(null);
  const linkRef = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [resetLink, setResetLink] = useState<ResetLink | null>(null);
  // after an action, focus goes to what it changed: in an effect, so after the dialog gave focus back
  const [focusAfter, setFocusAfter] = useState<{ on: 'status' | 'link'; at: number } | null>(null);
  useEffect(() => {
    if (focusAfter) (focusAfter.on === 'status' ? statusRef : linkRef).current?.focus();
  }, [focusAfter]);

  const referrer = user.referralUserId;
  const fields: Array<[string, string]> = [
    ['email', orNone(user.email)],
    ['role', user.role],
    ['phone', orNone(user.phoneNumber)],
    ['gender', orNone(user.gender)],
    ['country', orNone(user.state)],
    ['city', orNone(user.city)],
    ['referral name', orNone(user.referralName || referrer?.name)],
    ['referral contact', orNone(user.referralContact || referrer?.phoneNumber)],
    ['joined', user.createdAt ? formatDate(user.createdAt) : 'N/A'],
  ];

  return (
    <div className="admin-user-detail">
      <section className="admin-user-status-box" aria-labelledby="admin-user-status-heading">
        <h2 id="admin-user-status-heading" ref={statusRef} tabIndex={-1}>
          status <UserStatusBadge status={user.status} />
        </h2>
        {user.statusReason ? <p>Reason: {user.statusReason}</p> : null}
        {/* the live region: what the last action did */}
        <p className="admin-user-announcement" role="status">
          {announcement}
        </p>
      </section>

      <dl className="admin-user-fields">
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <section className="admin-user-section" aria-labelledby="admin-user-counts-heading">
        <h2 id="admin-user-counts-heading">counts</h2>
        <UserCountsList role={user.role} counts={user.counts} className="admin-user-fields" />
      </section>

      {user.role === 'agent' ? <PayoutAccount account={user.payoutAccount} /> : null}

      <UserActions
        user={user}
        onMoved={(words) => {
          setResetLink(null);
          setAnnouncement(words);
          setFocusAfter({ on: 'status', at: Date.now() });
        }}
        onResetLink={(link) => {
          setAnnouncement('');
          setResetLink(link);
          setFocusAfter({ on: 'link', at: Date.now() });
        }}
      />
      {resetLink ? <ResetLinkPanel link={resetLink} headingRef={linkRef} /> : null}

      <IdImages user={user} heading="ID images" onImagesExpired={onImagesExpired} />

      <UserHistory events={user.history} />
    </div>
  );
}

function PayoutAccount({ account }: { account: MaskedPayoutAccount | null }) {
  return (
    <section className="admin-user-section" aria-labelledby="admin-user-payout-heading">
      <h2 id="admin-user-payout-heading">payout account</h2>
      {account ? (
        <dl className="admin-user-fields">
          <div>
            <dt>method</dt>
            <dd>{USER_PAYOUT_METHOD_LABELS[account.method]}</dd>
          </div>
          <div>
            <dt>account</dt>
            <dd className="admin-users-nowrap">{account.account}</dd>
          </div>
          {account.holderName ? (
            <div>
              <dt>holder's name</dt>
              <dd>{account.holderName}</dd>
            </div>
          ) : null}
          <div>
            <dt>last changed</dt>
            <dd>{formatDateTime(account.updatedAt)}</dd>
          </div>
        </dl>
      ) : (
        <p className="admin-users-muted">{ACCOUNT_SCREEN_TEXTS.noPayoutAccount}</p>
      )}
    </section>
  );
}
