/**
 * Fraud signals on the staff's update-order page (docs/domain.md, Fraud signals): each flag with
 * why it was raised and the other orders behind it, and for an admin the dismissal of an open
 * flag with a note (asked to confirm), which lets the order be paid.
 */
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { dismissOrderFlag, ltr } from 'shared-api';
import {
  type FlagCode,
  type FlagDismissInput,
  flagDismissInputSchema,
  MAX_FLAG_NOTE_LENGTH,
  type Order,
  type OrderFlag,
  routePath,
  UPDATE_ORDER_ROUTE,
} from 'shared-api/contract';
import { ConfirmStep, useConfirmStep } from 'shared-ui/form/confirm-step';
import { TextField } from 'shared-ui/form/fields';
import { Form, useZodForm } from 'shared-ui/form/form';
import { FormAlert } from 'shared-ui/form/form-alert';
import { SubmitButton } from 'shared-ui/form/submit-button';
import { useWrite } from 'shared-ui/lib/mutations';
import { flagLabel } from 'shared-ui/lib/order-display';
import { t, useT } from '../i18n';
import './order-flags-panel.css';

export function OrderFlagsPanel({
  order,
  isAdmin,
  onDismissed,
}: {
  order: Order;
  isAdmin: boolean;
  onDismissed: (order: Order) => void;
}) {
  const tr = useT();
  const flags = order.flags ?? [];
  if (flags.length === 0) return null;
  const open = flags.filter((flag) => !flag.dismissed).length;
  return (
    <section className="manager-order-flags" aria-labelledby="manager-order-flags-title">
      <h2 id="manager-order-flags-title" className="manager-order-form-title">
        {tr('manager.flags.title')}
      </h2>
      <p className="manager-order-flags-summary">
        {open > 0 ? tr('manager.flags.onHold') : tr('manager.flags.allDismissed')}
      </p>
      <ul className="manager-order-flags-list">
        {flags.map((flag) => (
          <li key={flag.code} className="manager-order-flag">
            <FlagItem order={order} flag={flag} isAdmin={isAdmin} onDismissed={onDismissed} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function FlagItem({
  order,
  flag,
  isAdmin,
  onDismissed,
}: {
  order: Order;
  flag: OrderFlag;
  isAdmin: boolean;
  onDismissed: (order: Order) => void;
}) {
  const tr = useT();
  // by number and agent; an older API sends the ids only
  const related = flag.relatedOrders ?? flag.relatedOrderIds.map((id) => ({ _id: id }));
  return (
    <article aria-label={flagLabel(flag.code)}>
      <h3 className="manager-order-flag-title">
        {flagLabel(flag.code)}{' '}
        <span className={flag.dismissed ? 'manager-order-flag-dismissed' : 'manager-order-flag-open'}>
          {flag.dismissed ? tr('manager.flags.dismissed') : tr('manager.flags.holds')}
        </span>
      </h3>
      <p className="manager-order-flag-message">{flag.message}</p>
      {related.length > 0 ? (
        <p className="manager-order-flag-related">
          {tr('manager.flags.related')}{' '}
          {related.map((order, index) => (
            <span key={order._id}>
              {index > 0 ? tr('manager.listSeparator') : null}
              <Link to={routePath(UPDATE_ORDER_ROUTE.staff, { id: order._id })}>{relatedOrderName(order)}</Link>
            </span>
          ))}
        </p>
      ) : null}
      {flag.relatedAgents && flag.relatedAgents.length > 0 ? (
        <p className="manager-order-flag-related">
          {tr('manager.flags.samePayoutAccount', {
            names: flag.relatedAgents.map((agent) => agent.name).join(tr('manager.listSeparator')),
          })}
        </p>
      ) : null}
      {isAdmin && !flag.dismissed ? <DismissFlagForm order={order} code={flag.code} onDismissed={onDismissed} /> : null}
    </article>
  );
}

/** 'order 123-4567890-1234567 (Ali Khan)': how a person names a related order; 'an order' without its number. */
export function relatedOrderName(order: { _id: string; amzOrderNumber?: string; agent?: { name: string } }): string {
  if (!order.amzOrderNumber) return t('manager.flags.anOrder');
  const number = ltr(order.amzOrderNumber);
  return order.agent
    ? t('manager.flags.orderOfAgent', { number, agent: order.agent.name })
    : t('manager.flags.order', { number });
}

/** the parsed form: the note trimmed, `dismissed` always true */
type DismissValues = FlagDismissInput;

function DismissFlagForm({
  order,
  code,
  onDismissed,
}: {
  order: Order;
  code: FlagCode;
  onDismissed: (order: Order) => void;
}) {
  const tr = useT();
  const form = useZodForm(flagDismissInputSchema, { defaultValues: { dismissed: true, note: '' } });
  const confirmStep = useConfirmStep<DismissValues>();
  const dismiss = useWrite((values: DismissValues) => dismissOrderFlag(order._id, code, values), {
    onSuccess: (answer) => {
      toast.success(t('manager.flags.dismissedToast'));
      onDismissed(answer);
    },
  });
  const saving = dismiss.isPending;

  return (
    <>
      <Form
        form={form}
        onSubmit={confirmStep.ask}
        busy={saving}
        className="manager-order-flag-form"
        aria-label={tr('manager.flags.dismissLabel', { flag: flagLabel(code) })}
      >
        <TextField
          control={form.control}
          name="note"
          label={tr('manager.flags.note')}
          multiline
          rows={2}
          maxLength={MAX_FLAG_NOTE_LENGTH}
          required
          disabled={saving}
        />
        <FormAlert error={dismiss.error} fallback={tr('manager.flags.dismissFailed')} className="manager-order-error" />
        <div className="manager-order-actions">
          <SubmitButton busy={saving} busyLabel={tr('manager.flags.dismissing')} className="ui-button ui-button-small">
            {tr('manager.flags.dismiss')}
          </SubmitButton>
        </div>
      </Form>
      <ConfirmStep
        step={confirmStep}
        title={tr('manager.flags.dismissTitle')}
        message={tr('manager.flags.dismissMessage', { flag: flagLabel(code), number: ltr(order.amzOrderNumber) })}
        confirmLabel={tr('manager.flags.dismiss')}
        busy={saving}
        onConfirm={(values) => {
          confirmStep.close();
          dismiss.mutate(values);
        }}
      />
    </>
  );
}
