/** /manager/orders: the orders of the manager's products (the shared staff screen). */
import { StaffOrdersScreen } from 'shared-ui/staff-orders-screen';

export function OrdersPage() {
  return <StaffOrdersScreen viewer="manager" />;
}
