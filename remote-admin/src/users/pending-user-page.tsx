/**
 * /admin/pending/user/{id} (admin): everything the person registered with, the CNIC images
 * (short-lived signed links; click to enlarge) and the approval, optionally with a new
 * password (setting it is part of the approval: there is no separate 'Update Password' that
 * would do nothing).
 */
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { approveUser, useMessages } from 'shared-api';
import { type ApproveUserFormValues, approveUserFormSchema, type User } from 'shared-api/contract';
import { PasswordField } from 'shared-ui/form/fields';
import { Form, useZodForm } from 'shared-ui/form/form';
import { FormAlert } from 'shared-ui/form/form-alert';
import { SubmitButton } from 'shared-ui/form/submit-button';
import { CHANGES, useWrite } from 'shared-ui/lib/mutations';
import { userQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { t as translate, useT } from './i18n';
import { IdImages } from './id-images';
import { orNone, UserLoadState } from './user-load-state';
import { genderWord, roleWord, statusWord } from './user-texts';
import './users.css';

export const PENDING_USERS_PATH = '/admin/pending/users';
const NO_NEW_PASSWORD: ApproveUserFormValues = { password: '' };

export function PendingUserPage() {
  const t = useT();
  const messages = useMessages();
  const { id = '' } = useParams();
  // while a reload runs (fresh image links) the details stay, with what was typed
  const { data: user, error, reload } = useResource(userQueries.pendingOne(id), messages.somethingWentWrong);

  let body: ReactNode;
  if (error || !user || user._id !== id) {
    body = <UserLoadState error={error && t('admin.users.pendingUser.loadError', { error })} onRetry={reload} />;
  } else {
    body = <PendingUserDetails key={user._id} user={user} onImagesExpired={reload} />;
  }

  return (
    <section className="admin-users" aria-labelledby="admin-pending-user-heading">
      <header className="admin-users-header">
        <Link className="admin-users-back" to={PENDING_USERS_PATH}>
          <span aria-hidden="true" className="admin-users-back-arrow">
            ←
          </span>{' '}
          {t('admin.users.pendingUser.back')}
        </Link>
        <h1 id="admin-pending-user-heading">{t('admin.users.pendingUser.title')}</h1>
      </header>
      {body}
    </section>
  );
}

function PendingUserDetails({ user, onImagesExpired }: { user: User; onImagesExpired: () => void }) {
  const t = useT();
  const messages = useMessages();
  const navigate = useNavigate();
  const form = useZodForm(approveUserFormSchema, { defaultValues: NO_NEW_PASSWORD });
  const approve = useWrite(({ password }: { password?: string }) => approveUser(user._id, password), {
    changes: CHANGES.user,
    onSuccess: (_approved, { password }) => {
      toast.success(
        password
          ? translate('admin.users.pendingUser.approvedWithPassword', { name: user.name })
          : translate('admin.users.pendingUser.approved', { name: user.name }),
      );
      navigate(PENDING_USERS_PATH);
    },
  });

  const referrer = user.referralUserId;
  // emails and phone numbers stay left to right inside Urdu
  const fields: Array<[string, ReactNode]> = [
    [t('admin.users.field.name'), orNone(user.name)],
    [t('admin.users.field.email'), orNone(user.email, true)],
    [t('admin.users.field.role'), roleWord(t, user.role)],
    [t('admin.users.field.phone'), orNone(user.phoneNumber, true)],
    [t('admin.users.field.gender'), user.gender ? genderWord(t, user.gender) : orNone(null)],
    [t('admin.users.field.country'), orNone(user.state)],
    [t('admin.users.field.city'), orNone(user.city)],
    [t('admin.users.field.referralName'), orNone(user.referralName || referrer?.name)],
    [t('admin.users.field.referralContact'), orNone(user.referralContact || referrer?.phoneNumber, true)],
    [t('admin.users.field.referralEmail'), orNone(referrer?.email, true)],
    [t('admin.users.field.status'), statusWord(t, user.status)],
  ];

  return (
    <div className="admin-user-detail">
      <dl className="admin-user-fields">
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <IdImages user={user} heading={t('admin.users.pendingUser.cnic')} onImagesExpired={onImagesExpired} />

      {user.status === 'pending' ? (
        <Form form={form} onSubmit={approve.mutate} busy={approve.isPending} className="admin-user-approve">
          <PasswordField
            control={form.control}
            name="password"
            label={t('admin.users.pendingUser.newPassword')}
            autoComplete="new-password"
            hint={t('admin.users.pendingUser.newPasswordHint')}
          />
          <FormAlert error={approve.error} fallback={messages.approveUserFailed} className="admin-user-error" />
          <SubmitButton busy={approve.isPending} busyLabel={t('admin.users.pendingUser.approving')}>
            {t('admin.users.pendingUser.approve')}
          </SubmitButton>
        </Form>
      ) : (
        <p className="admin-user-approved" role="status">
          {messages.userAlreadyApproved}
        </p>
      )}
    </div>
  );
}
