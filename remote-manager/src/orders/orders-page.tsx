/**
 * Placeholder for the manager's orders, the area's landing page (there is no
 * /manager/dashboard): greets the signed-in user until a later issue builds the list.
 */
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { useSession } from 'shared-api';

/** The welcome toast fires once per page load of this area. */
let welcomed = false;

export function OrdersPage() {
  const user = useSession((s) => s.user);

  useEffect(() => {
    if (!user || welcomed) return;
    welcomed = true;
    toast(`Welcome back, ${user.firstName}!`, { toastId: 'welcome-manager' });
  }, [user]);

  return (
    <section aria-labelledby="manager-orders-heading">
      <h1 id="manager-orders-heading">orders</h1>
      <div className="manager-welcome">
        <h2>Welcome, {user?.name}</h2>
      </div>
      <p>This screen is on its way.</p>
    </section>
  );
}
