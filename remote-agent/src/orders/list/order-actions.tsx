/**
 * An order card's controls on the agent's list: the cancel dropdown, only
 * while the order is 'submitted', which asks before cancelling; and 'update Order', which is
 * disabled once the order is cancelled.
 */
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ltr, translateMessage, updateOrderAsAgent, useMessages } from 'shared-api';
import { MESSAGES, type Order, routePath, UPDATE_ORDER_ROUTE } from 'shared-api/contract';
import { ConfirmStep, useConfirmStep } from 'shared-ui/form/confirm-step';
import { CHANGES, useWrite } from 'shared-ui/lib/mutations';
import { agentStatusLabel } from 'shared-ui/lib/order-display';
import { useT } from '../../i18n';
import { orderErrorMessage } from '../update/order-errors';

export interface OrderActionsProps {
  order: Order;
}

export function OrderActions({ order }: OrderActionsProps) {
  const t = useT();
  const messages = useMessages();
  const navigate = useNavigate();
  const selectId = useId();
  const cancelStep = useConfirmStep<true>();
  const cancel = useWrite(() => updateOrderAsAgent(order._id, { AgentStatus: 'cancelled' }), {
    changes: CHANGES.order,
    onSuccess: () => {
      cancelStep.close();
      toast.success(translateMessage(MESSAGES.orderUpdated));
    },
  });
  const cancelled = order.AgentStatus === 'cancelled';

  return (
    <>
      {order.AgentStatus === 'submitted' ? (
        <div className="agent-order-cancel">
          <label htmlFor={selectId} className="ui-visually-hidden">
            {t('agent.orders.statusOf', { number: order.amzOrderNumber })}
          </label>
          <select
            id={selectId}
            className="agent-select agent-select-small"
            value={order.AgentStatus}
            onChange={(event) => {
              if (event.target.value === 'cancelled') {
                cancel.reset();
                cancelStep.ask(true);
              }
            }}
          >
            <option value="submitted">{agentStatusLabel('submitted')}</option>
            <option value="cancelled">{t('agent.orders.cancel')}</option>
          </select>
        </div>
      ) : null}
      <button
        type="button"
        className="ui-button ui-button-small"
        disabled={cancelled}
        title={cancelled ? messages.orderCancelledNotEditable : undefined}
        aria-label={t('agent.orders.updateLabel', { number: order.amzOrderNumber })}
        onClick={() => navigate(routePath(UPDATE_ORDER_ROUTE.agent, { id: order._id }))}
      >
        {t('agent.orders.update')}
      </button>
      <ConfirmStep
        step={cancelStep}
        title={t('agent.orders.cancel')}
        message={
          <p>{t('agent.orders.cancelAsk', { number: ltr(order.amzOrderNumber), product: order.product.name })}</p>
        }
        confirmLabel={t('agent.orders.cancel')}
        cancelLabel={t('agent.orders.keep')}
        destructive
        busy={cancel.isPending}
        error={cancel.error}
        errorFallback={(failure) => orderErrorMessage(failure, messages.orderUpdateFailed)}
        errorClassName="agent-error"
        onConfirm={() => cancel.mutate()}
      />
    </>
  );
}
