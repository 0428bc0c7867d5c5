/** /admin/orders: every order, with the commission filter (the shared staff screen). */
import { StaffOrdersScreen } from 'shared-ui/staff-orders-screen';

export function OrdersPage() {
  return <StaffOrdersScreen viewer="admin" />;
}
