/**
 * /admin/pending/user/{id} (admin): everything the person registered with, the CNIC images
 * (short-lived signed links; click to enlarge) and the approval, optionally with a new
 * password (setting it is part of the approval: there is no separate 'Update Password' that
 * would do nothing).
 */
import { type ReactNode, useState } from 'react';
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
import { Lightbox } from 'shared-ui/lightbox';
import './users.css';

export const PENDING_USERS_PATH = '/admin/pending/users';
const NO_NEW_PASSWORD: ApproveUserFormValues = { password: '' };

export function PendingUserPage() {
  const { id = '' } = useParams();
  // while a reload runs (fresh image links) the details stay, with what was typed
  const { data: user, error, reload } = useResource(userQueries.pendingOne(id), MESSAGES.somethingWentWrong);

  let body: ReactNode;
  if (error) {
    body = (
      <div className="admin-users-state admin-users-error" role="alert">
        <p>Error: {error}</p>
        <button type="button" className="ui-button ui-button-small" onClick={reload}>
          Retry
        </button>
      </div>
    );
  } else if (!user || user._id !== id) {
    body = (
      <p className="admin-users-state" role="status">
        Loading...
      </p>
    );
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

function orNone(value: string | null | undefined): string {
  return value?.trim() ? value : 'N/A';
}

const CNIC_SIDES = [
  { key: 'cnicFront', label: 'CNIC front' },
  { key: 'cnicBack', label: 'CNIC back' },
] as const;

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
  const [enlarged, setEnlarged] = useState<number | null>(null);
  const [broken, setBroken] = useState<Record<string, boolean>>({});

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

  const images = CNIC_SIDES.flatMap(({ key, label }) => {
    const src = user[key];
    return src && !broken[key] ? [{ key, src, alt: label }] : [];
  });

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

      <section className="admin-user-cnic" aria-labelledby="admin-user-cnic-heading">
        <h2 id="admin-user-cnic-heading">CNIC</h2>
        <div className="admin-user-cnic-images">
          {CNIC_SIDES.map(({ key, label }) => {
            const src = user[key];
            const index = images.findIndex((image) => image.key === key);
            return (
              <figure key={key} className="admin-user-cnic-figure">
                {src && index >= 0 ? (
                  <button
                    type="button"
                    className="admin-user-cnic-button"
                    aria-label={`enlarge ${label}`}
                    onClick={() => setEnlarged(index)}
                  >
                    <img src={src} alt={label} onError={() => setBroken((b) => ({ ...b, [key]: true }))} />
                  </button>
                ) : (
                  <div className="admin-user-cnic-missing">
                    {src ? (
                      <>
                        <span>The image could not be loaded (its link lasts a few minutes).</span>
                        <button
                          type="button"
                          className="ui-button ui-button-small"
                          onClick={() => {
                            setBroken({});
                            onImagesExpired();
                          }}
                        >
                          Reload
                        </button>
                      </>
                    ) : (
                      <span>No image</span>
                    )}
                  </div>
                )}
                <figcaption>{label}</figcaption>
              </figure>
            );
          })}
        </div>
      </section>

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

      <Lightbox images={images} index={enlarged} onClose={() => setEnlarged(null)} />
    </div>
  );
}
