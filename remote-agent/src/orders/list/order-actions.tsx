/**
 * An order card's controls on the agent's list: the cancel dropdown, only
 * while the order is 'submitted', which asks before cancelling; and 'update Order', which is
 * disabled once the order is cancelled.
 */
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { updateOrderAsAgent } from 'shared-api';
import { AGENT_STATUS_LABELS, MESSAGES, type Order, routePath, UPDATE_ORDER_ROUTE } from 'shared-api/contract';
import { ConfirmStep, useConfirmStep } from 'shared-ui/form/confirm-step';
import { CHANGES, useWrite } from 'shared-ui/lib/mutations';
import { orderErrorMessage } from '../update/order-errors';

export interface OrderActionsProps {
  order: Order;
}

export function OrderActions({ order }: OrderActionsProps) {
  const navigate = useNavigate();
  const selectId = useId();
  const cancelStep = useConfirmStep<true>();
  const cancel = useWrite(() => updateOrderAsAgent(order._id, { AgentStatus: 'cancelled' }), {
    changes: CHANGES.order,
    onSuccess: () => {
      cancelStep.close();
      toast.success(MESSAGES.orderUpdated);
    },
  });
  const cancelled = order.AgentStatus === 'cancelled';

  return (
    <>
      {order.AgentStatus === 'submitted' ? (
        <div className="agent-order-cancel">
          <label htmlFor={selectId} className="ui-visually-hidden">
            status of order {order.amzOrderNumber}
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
            <option value="submitted">{AGENT_STATUS_LABELS.submitted}</option>
            <option value="cancelled">Cancel order</option>
          </select>
        </div>
      ) : null}
      <button
        type="button"
        className="ui-button ui-button-small"
        disabled={cancelled}
        title={cancelled ? MESSAGES.orderCancelledNotEditable : undefined}
        aria-label={`update Order ${order.amzOrderNumber}`}
        onClick={() => navigate(routePath(UPDATE_ORDER_ROUTE.agent, { id: order._id }))}
      >
        update Order
      </button>
      <ConfirmStep
        step={cancelStep}
        title="Cancel order"
        message={
          <p>
            Cancel order <strong>{order.amzOrderNumber}</strong> for {order.product.name}? A cancelled order cannot be
            edited or reopened, and earns no commission.
          </p>
        }
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        destructive
        busy={cancel.isPending}
        error={cancel.error}
        errorFallback={(failure) => orderErrorMessage(failure, MESSAGES.orderUpdateFailed)}
        errorClassName="agent-error"
        onConfirm={() => cancel.mutate()}
      />
    </>
  );
}
