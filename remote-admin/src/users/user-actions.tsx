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
  ACCOUNT_SCREEN_TEXTS,
  REASON_MAX_LENGTH,
  type ResetLink,
  statusMoveInputSchema,
  USER_STATUS_LABELS,
  type UserRecord,
  type UserStatus,
} from 'shared-api/contract';
import { ConfirmStep, useConfirmStep } from 'shared-ui/form/confirm-step';
import { TextField } from 'shared-ui/form/fields';
import { Form, useZodForm } from 'shared-ui/form/form';
import { SubmitButton } from 'shared-ui/form/submit-button';
import { CHANGES, useWrite } from 'shared-ui/lib/mutations';

export type UserAction = 'approve' | 'reject' | 'suspend' | 'reactivate' | 'reset';

/** The actions each status allows, in the order they are offered. */
export const ACTIONS_BY_STATUS: Record<UserStatus, readonly UserAction[]> = {
  pending: ['approve', 'reject'],
  approved: ['suspend', 'reset'],
  // a reset link is for approved accounts only (the server answers 409 otherwise)
  suspended: ['reactivate'],
  rejected: [],
};

const LABELS: Record<UserAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  suspend: 'Suspend',
  reactivate: 'Reactivate',
  reset: 'Reset password',
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
      return ACCOUNT_SCREEN_TEXTS.approveConfirm;
    case 'reactivate':
      return ACCOUNT_SCREEN_TEXTS.reactivateConfirm;
    case 'reset':
      return ACCOUNT_SCREEN_TEXTS.resetConfirm;
    default:
      return (
        <>
          <p>{action === 'reject' ? ACCOUNT_SCREEN_TEXTS.rejectConfirm : ACCOUNT_SCREEN_TEXTS.suspendConfirm}</p>
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
  const headingId = useId();
  const [reasonFor, setReasonFor] = useState<'reject' | 'suspend' | null>(null);
  const step = useConfirmStep<Request>();
  const write = useWrite((request: Request) => perform(user._id, request), {
    changes: CHANGES.user,
    onSuccess: (outcome) => {
      step.close();
      setReasonFor(null);
      if (outcome.kind === 'link') onResetLink(outcome.link);
      else onMoved(`${ACCOUNT_SCREEN_TEXTS.statusNow} ${USER_STATUS_LABELS[outcome.status].toLowerCase()}.`);
    },
  });

  const actions = ACTIONS_BY_STATUS[user.status];

  function ask(request: Request) {
    write.reset();
    step.ask(request);
  }

  return (
    <section className="admin-user-actions" aria-labelledby={headingId}>
      <h2 id={headingId}>actions</h2>
      {actions.length === 0 ? <p className="admin-users-muted">{ACCOUNT_SCREEN_TEXTS.rejectedNoActions}</p> : null}
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
            {LABELS[action]}
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
        title={(step.subject && LABELS[step.subject.action]) ?? ''}
        message={question}
        confirmLabel={step.subject ? LABELS[step.subject.action] : 'Confirm'}
        onConfirm={write.mutate}
        busy={write.isPending}
        error={write.error}
        errorFallback={ACCOUNT_SCREEN_TEXTS.actionFailed}
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
  const form = useZodForm(statusMoveInputSchema, { defaultValues: { reason: '' } });
  return (
    <Form form={form} onSubmit={({ reason }) => onReady(reason)} className="admin-user-reason-form">
      <TextField
        control={form.control}
        name="reason"
        label={action === 'reject' ? 'reason for rejecting' : 'reason for suspending'}
        hint={`The person reads it when signing in. At most ${REASON_MAX_LENGTH} characters.`}
        required
        multiline
        rows={3}
      />
      <div className="admin-user-action-buttons">
        <SubmitButton busy={false}>{LABELS[action]}…</SubmitButton>
        <button type="button" className="ui-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
