/**
 * What an admin can do with an account, by its status (docs/domain.md, Accounts): a pending
 * registration is approved or rejected; an approved account suspended or sent a password reset
 * link; a suspended one reactivated. Reject and suspend take a reason (the person reads it at
 * sign-in); every action asks first. A refusal (e.g. a 409: the status moved meanwhile, the last
 * admin) is said in the confirmation in the server's words. After a move the record is read again
 * (CHANGES.user), so the page shows the new status and its history.
 */
import { useId, useState } from 'react';
import { approveUser, issueResetLink, reactivateUser, rejectUser, suspendUser } from 'shared-api';
import {
  REASON_MAX_LENGTH,
  type ResetLink,
  statusMoveInputSchema,
  type UserRecord,
  type UserStatus,
} from 'shared-api/contract';
import { ConfirmStep, useConfirmStep } from 'shared-ui/form/confirm-step';
import { TextField } from 'shared-ui/form/fields';
import { Form, useZodForm } from 'shared-ui/form/form';
import { SubmitButton } from 'shared-ui/form/submit-button';
import { CHANGES, useWrite } from 'shared-ui/lib/mutations';
import { t, type UsersKey, useT } from './i18n';
import { statusWord } from './user-texts';

export type UserAction = 'approve' | 'reject' | 'suspend' | 'reactivate' | 'reset';

/** The actions each status allows, in the order they are offered. */
export const ACTIONS_BY_STATUS: Record<UserStatus, readonly UserAction[]> = {
  pending: ['approve', 'reject'],
  approved: ['suspend', 'reset'],
  // a reset link is for approved accounts only (the server answers 409 otherwise)
  suspended: ['reactivate'],
  rejected: [],
};

const LABELS: Record<UserAction, UsersKey> = {
  approve: 'admin.users.actions.approve',
  reject: 'admin.users.actions.reject',
  suspend: 'admin.users.actions.suspend',
  reactivate: 'admin.users.actions.reactivate',
  reset: 'admin.users.actions.reset',
};

const NEEDS_REASON = new Set<UserAction>(['reject', 'suspend']);

interface Request {
  action: UserAction;
  reason?: string;
}

type Outcome = { kind: 'moved'; status: UserStatus } | { kind: 'link'; link: ResetLink };

async function perform(userId: string, { action, reason = '' }: Request): Promise<Outcome> {
  switch (action) {
    case 'approve':
      return { kind: 'moved', status: (await approveUser(userId)).status };
    case 'reject':
      return { kind: 'moved', status: (await rejectUser(userId, reason)).status };
    case 'suspend':
      return { kind: 'moved', status: (await suspendUser(userId, reason)).status };
    case 'reactivate':
      return { kind: 'moved', status: (await reactivateUser(userId)).status };
    case 'reset':
      return { kind: 'link', link: await issueResetLink(userId) };
  }
}

function question({ action, reason }: Request) {
  switch (action) {
    case 'approve':
      return t('admin.users.actions.approveConfirm');
    case 'reactivate':
      return t('admin.users.actions.reactivateConfirm');
    case 'reset':
      return t('admin.users.actions.resetConfirm');
    default:
      return (
        <>
          <p>
            {action === 'reject' ? t('admin.users.actions.rejectConfirm') : t('admin.users.actions.suspendConfirm')}
          </p>
          <blockquote className="admin-user-reason-quote">{reason}</blockquote>
        </>
      );
  }
}

export interface UserActionsProps {
  user: Pick<UserRecord, '_id' | 'name' | 'status'>;
  /** told once a move succeeded (the words to announce) */
  onMoved: (announcement: string) => void;
  /** told once a reset link was issued */
  onResetLink: (link: ResetLink) => void;
}

export function UserActions({ user, onMoved, onResetLink }: UserActionsProps) {
  const translate = useT();
  const headingId = useId();
  const [reasonFor, setReasonFor] = useState<'reject' | 'suspend' | null>(null);
  const step = useConfirmStep<Request>();
  const write = useWrite((request: Request) => perform(user._id, request), {
    changes: CHANGES.user,
    onSuccess: (outcome) => {
      step.close();
      setReasonFor(null);
      if (outcome.kind === 'link') onResetLink(outcome.link);
      else onMoved(t('admin.users.actions.statusNow', { status: statusWord(t, outcome.status) }));
    },
  });

  const actions = ACTIONS_BY_STATUS[user.status];

  function ask(request: Request) {
    write.reset();
    step.ask(request);
  }

  return (
    <section className="admin-user-actions" aria-labelledby={headingId}>
      <h2 id={headingId}>{translate('admin.users.actions.title')}</h2>
      {actions.length === 0 ? (
        <p className="admin-users-muted">{translate('admin.users.actions.rejectedNoActions')}</p>
      ) : null}
      <div className="admin-user-action-buttons">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={`ui-button ${action === 'reject' || action === 'suspend' ? 'ui-button-danger' : ''}`}
            aria-expanded={NEEDS_REASON.has(action) ? reasonFor === action : undefined}
            onClick={() => {
              if (action === 'reject' || action === 'suspend') setReasonFor(reasonFor === action ? null : action);
              else {
                setReasonFor(null);
                ask({ action });
              }
            }}
          >
            {translate(LABELS[action])}
          </button>
        ))}
      </div>
      {reasonFor ? (
        <ReasonForm
          key={reasonFor}
          action={reasonFor}
          onCancel={() => setReasonFor(null)}
          onReady={(reason) => ask({ action: reasonFor, reason })}
        />
      ) : null}
      <ConfirmStep
        step={step}
        title={step.subject ? translate(LABELS[step.subject.action]) : ''}
        message={question}
        confirmLabel={step.subject ? translate(LABELS[step.subject.action]) : translate('admin.common.confirm')}
        onConfirm={write.mutate}
        busy={write.isPending}
        error={write.error}
        errorFallback={translate('admin.users.actions.failed')}
        destructive={step.subject ? NEEDS_REASON.has(step.subject.action) : false}
      />
    </section>
  );
}

/** The reason of a reject or suspend (1-500 characters, the contract's rules), then the confirmation. */
function ReasonForm({
  action,
  onReady,
  onCancel,
}: {
  action: 'reject' | 'suspend';
  onReady: (reason: string) => void;
  onCancel: () => void;
}) {
  const translate = useT();
  const form = useZodForm(statusMoveInputSchema, { defaultValues: { reason: '' } });
  return (
    <Form form={form} onSubmit={({ reason }) => onReady(reason)} className="admin-user-reason-form">
      <TextField
        control={form.control}
        name="reason"
        label={translate(
          action === 'reject' ? 'admin.users.actions.reasonReject' : 'admin.users.actions.reasonSuspend',
        )}
        hint={translate('admin.users.actions.reasonHint', { max: REASON_MAX_LENGTH })}
        required
        multiline
        rows={3}
      />
      <div className="admin-user-action-buttons">
        <SubmitButton busy={false}>{translate(LABELS[action])}…</SubmitButton>
        <button type="button" className="ui-button" onClick={onCancel}>
          {translate('admin.common.cancel')}
        </button>
      </div>
    </Form>
  );
}
