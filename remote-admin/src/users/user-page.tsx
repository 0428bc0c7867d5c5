/**
 * /admin/users/{id} (admin): a user's whole record (docs/domain.md, Accounts): details, status
 * and its reason, the ID images (short-lived signed links; click to enlarge), an agent's payout
 * account (masked), the counts, the actions its status allows and the history.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { MaskedPayoutAccount, ResetLink, USER_PAYOUT_METHOD_LABELS, UserRecord } from 'shared-api/contract';
import { accountQueries } from 'shared-ui/lib/account-queries';
import { formatDate, formatDateTime } from 'shared-ui/lib/format';
import { useResource } from 'shared-ui/lib/use-resource';
import { USERS_PATH } from './directory-query';
import { useT } from './i18n';
import { IdImages } from './id-images';
import { ResetLinkPanel } from './reset-link-panel';
import { UserActions } from './user-actions';
import { UserCountsList } from './user-counts';
import { UserHistory } from './user-history';
import { orNone, UserLoadState } from './user-load-state';
import { UserStatusBadge } from './user-status-badge';
import { genderWord, roleWord } from './user-texts';
import './users.css';

export function UserPage() {
  const t = useT();
  const { id = '' } = useParams();
  // another user's record never shows while this one loads
  const record = useResource(
    { ...accountQueries.record(id), placeholderData: undefined },
    t('admin.users.user.failed'),
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
          <span aria-hidden="true" className="admin-users-back-arrow">
            ←
          </span>{' '}
          {t('admin.users.user.back')}
        </Link>
        <h1 id="admin-user-heading">{user && user._id === id ? user.name : t('admin.users.user.title')}</h1>
      </header>
      {body}
    </section>
  );
}

function UserRecordView({ user, onImagesExpired }: { user: UserRecord; onImagesExpired: () => void }) {
  const t = useT();
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
  // emails and phone numbers stay left to right inside Urdu
  const fields: Array<[string, ReactNode]> = [
    [t('admin.users.field.email'), orNone(user.email, true)],
    [t('admin.users.field.role'), roleWord(t, user.role)],
    [t('admin.users.field.phone'), orNone(user.phoneNumber, true)],
    [t('admin.users.field.gender'), user.gender ? genderWord(t, user.gender) : orNone(null)],
    [t('admin.users.field.country'), orNone(user.state)],
    [t('admin.users.field.city'), orNone(user.city)],
    [t('admin.users.field.referralName'), orNone(user.referralName || referrer?.name)],
    [t('admin.users.field.referralContact'), orNone(user.referralContact || referrer?.phoneNumber, true)],
    [t('admin.users.field.joined'), user.createdAt ? formatDate(user.createdAt) : t('admin.common.notAvailable')],
  ];

  return (
    <div className="admin-user-detail">
      <section className="admin-user-status-box" aria-labelledby="admin-user-status-heading">
        <h2 id="admin-user-status-heading" ref={statusRef} tabIndex={-1}>
          {t('admin.users.user.status')} <UserStatusBadge status={user.status} />
        </h2>
        {user.statusReason ? <p>{t('admin.users.user.reason', { reason: user.statusReason })}</p> : null}
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
        <h2 id="admin-user-counts-heading">{t('admin.users.user.counts')}</h2>
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

      <IdImages user={user} heading={t('admin.users.user.idImages')} onImagesExpired={onImagesExpired} />

      <UserHistory events={user.history} />
    </div>
  );
}

function PayoutAccount({ account }: { account: MaskedPayoutAccount | null }) {
  const t = useT();
  const methods: Record<keyof typeof USER_PAYOUT_METHOD_LABELS, string> = {
    jazzcash: t('admin.users.payout.method.jazzcash'),
    easypaisa: t('admin.users.payout.method.easypaisa'),
    bank: t('admin.users.payout.method.bank'),
    paypal: t('admin.users.payout.method.paypal'),
  };
  return (
    <section className="admin-user-section" aria-labelledby="admin-user-payout-heading">
      <h2 id="admin-user-payout-heading">{t('admin.users.payout.title')}</h2>
      {account ? (
        <dl className="admin-user-fields">
          <div>
            <dt>{t('admin.users.payout.method')}</dt>
            <dd>{methods[account.method]}</dd>
          </div>
          <div>
            <dt>{t('admin.users.payout.account')}</dt>
            <dd className="admin-users-nowrap">
              <bdi dir="ltr">{account.account}</bdi>
            </dd>
          </div>
          {account.holderName ? (
            <div>
              <dt>{t('admin.users.payout.holder')}</dt>
              <dd>{account.holderName}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('admin.users.payout.changed')}</dt>
            <dd>{formatDateTime(account.updatedAt)}</dd>
          </div>
        </dl>
      ) : (
        <p className="admin-users-muted">{t('admin.users.payout.none')}</p>
      )}
    </section>
  );
}
