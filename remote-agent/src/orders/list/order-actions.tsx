/**
 * An order card's controls on the agent's list: the cancel dropdown, only
 * while the order is 'submitted', which asks before cancelling; and 'update Order', which is
 * disabled once the order is cancelled.
 */
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { updateOrderAsAgent } from 'shared-api';
import { AGENT_STATUS_LABELS, MESSAGES, type Order, routePath, UPDATE_ORDER_ROUTE } from 'shared-api/contract';
import { ConfirmDialog } from 'shared-ui/confirm-dialog';
import { CHANGES, useInvalidate } from 'shared-ui/lib/mutations';
import { orderErrorMessage } from '../update/order-errors';

export interface OrderActionsProps {
  order: Order;
}

export function OrderActions({ order }: OrderActionsProps) {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const selectId = useId();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelled = order.AgentStatus === 'cancelled';

  async function cancelOrder() {
    setBusy(true);
    setError(null);
    try {
      await updateOrderAsAgent(order._id, { AgentStatus: 'cancelled' });
      setConfirming(false);
      toast.success(MESSAGES.orderUpdated);
      await invalidate(CHANGES.order);
    } catch (failure) {
      setError(orderErrorMessage(failure, MESSAGES.orderUpdateFailed));
    } finally {
      setBusy(false);
    }
  }

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
                setError(null);
                setConfirming(true);
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
      <ConfirmDialog
        open={confirming}
        title="Cancel order"
        message={
          <>
            <p>
              Cancel order <strong>{order.amzOrderNumber}</strong> for {order.product.name}? A cancelled order cannot be
              edited or reopened, and earns no commission.
            </p>
            {error ? (
              <p className="agent-error" role="alert">
                {error}
              </p>
            ) : null}
          </>
        }
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        destructive
        busy={busy}
        onConfirm={() => void cancelOrder()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
