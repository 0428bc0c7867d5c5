/** Placeholder dashboard: greets the signed-in user (a later issue builds the real one). */
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { useSession } from 'shared-api';

/** The welcome toast fires once per page load of this area. */
let welcomed = false;

export function DashboardPage() {
  const user = useSession((s) => s.user);

  useEffect(() => {
    if (!user || welcomed) return;
    welcomed = true;
    toast(`Welcome back, ${user.firstName}!`, { toastId: 'welcome-agent' });
  }, [user]);

  return (
    <section className="agent-welcome" aria-labelledby="agent-welcome-heading">
      <h1 id="agent-welcome-heading">Welcome, {user?.name}</h1>
      <p>dashboard</p>
    </section>
  );
}
