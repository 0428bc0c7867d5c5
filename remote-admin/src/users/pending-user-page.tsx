/**
 * /admin/pending/user/{id} (admin): everything the person registered with, the CNIC images
 * (short-lived signed links; click to enlarge) and the approval, optionally with a new
 * password (setting it is part of the approval: there is no separate 'Update Password' that
 * would do nothing).
 */
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { approveUser } from 'shared-api';
import { type ApproveUserFormValues, approveUserFormSchema, MESSAGES, type User } from 'shared-api/contract';
import { PasswordField } from 'shared-ui/form/fields';
import { Form, useZodForm } from 'shared-ui/form/form';
import { FormAlert } from 'shared-ui/form/form-alert';
import { SubmitButton } from 'shared-ui/form/submit-button';
import { CHANGES, useWrite } from 'shared-ui/lib/mutations';
import { userQueries } from 'shared-ui/lib/queries';
import { useResource } from 'shared-ui/lib/use-resource';
import { IdImages } from './id-images';
import { orNone, UserLoadState } from './user-load-state';
import './users.css';

export const PENDING_USERS_PATH = '/admin/pending/users';
const NO_NEW_PASSWORD: ApproveUserFormValues = { password: '' };

export function PendingUserPage() {
  const { id = '' } = useParams();
  // while a reload runs (fresh image links) the details stay, with what was typed
  const { data: user, error, reload } = useResource(userQueries.pendingOne(id), MESSAGES.somethingWentWrong);

  let body: ReactNode;
  if (error || !user || user._id !== id) {
    body = <UserLoadState error={error && `Error: ${error}`} onRetry={reload} />;
  } else {
    body = <PendingUserDetails key={user._id} user={user} onImagesExpired={reload} />;
  }

  return (
    <section className="admin-users" aria-labelledby="admin-pending-user-heading">
      <header className="admin-users-header">
        <Link className="admin-users-back" to={PENDING_USERS_PATH}>
          <span aria-hidden="true">← </span>pending users
        </Link>
        <h1 id="admin-pending-user-heading">pending user</h1>
      </header>
      {body}
    </section>
  );
}

function PendingUserDetails({ user, onImagesExpired }: { user: User; onImagesExpired: () => void }) {
  const navigate = useNavigate();
  const form = useZodForm(approveUserFormSchema, { defaultValues: NO_NEW_PASSWORD });
  const approve = useWrite(({ password }: { password?: string }) => approveUser(user._id, password), {
    changes: CHANGES.user,
    onSuccess: (_approved, { password }) => {
      toast.success(password ? `${user.name} is approved, with the new password.` : `${user.name} is approved.`);
      navigate(PENDING_USERS_PATH);
    },
  });

  const referrer = user.referralUserId;
  const fields: Array<[string, string]> = [
    ['name', orNone(user.name)],
    ['email', orNone(user.email)],
    ['role', user.role],
    ['phone', orNone(user.phoneNumber)],
    ['gender', orNone(user.gender)],
    ['country', orNone(user.state)],
    ['city', orNone(user.city)],
    ['referral name', orNone(user.referralName || referrer?.name)],
    ['referral contact', orNone(user.referralContact || referrer?.phoneNumber)],
    ['referral email', orNone(referrer?.email)],
    ['status', user.status],
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

      <IdImages user={user} heading="CNIC" onImagesExpired={onImagesExpired} />

      {user.status === 'pending' ? (
        <Form form={form} onSubmit={approve.mutate} busy={approve.isPending} className="admin-user-approve">
          <PasswordField
            control={form.control}
            name="password"
            label="new password (optional)"
            autoComplete="new-password"
            hint="Leave it empty to keep the password the person registered with; a new one is set with the approval."
          />
          <FormAlert error={approve.error} fallback={MESSAGES.approveUserFailed} className="admin-user-error" />
          <SubmitButton busy={approve.isPending} busyLabel="Approving...">
            Approve User
          </SubmitButton>
        </Form>
      ) : (
        <p className="admin-user-approved" role="status">
          {MESSAGES.userAlreadyApproved}
        </p>
      )}
    </div>
  );
}
