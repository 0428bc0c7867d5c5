/** The signed-in layout: the sidebar and the content column where the areas render. */
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { selectUserId, useSession } from 'shared-api';
import { LanguageSwitch } from 'shared-ui/language-switch';
import { keepForOffline } from 'shared-ui/lib/offline-cache';
import { createQueryClient } from 'shared-ui/lib/query-client';
import { useOnline } from 'shared-ui/lib/use-online';
import { useT } from '../i18n';
import { CommissionToasts } from '../session/commission-toasts';
import { AboutButton } from './about-button';
import { Sidebar } from './sidebar';
import { useLiveAlerts, useUnreadAlertCount } from './unread-alerts';
import './app-layout.css';

/**
 * The signed-in app's one QueryClient, read by the remotes through React's context (TanStack
 * Query is a federation singleton). Registration and the password pages write through another
 * (../auth/signed-out-client.ts), which holds no data.
 */
export const queryClient = createQueryClient();

// A page opened offline starts offline: reads wait for the connection, showing what was kept.
onlineManager.setOnline(navigator.onLine);

// what the agent saw is kept for offline use, for that person only (docs/architecture.md, Phone app)
let stopKeeping = keepFor(selectUserId(useSession.getState()));
function keepFor(userId: string | null): () => void {
  return userId ? keepForOffline(queryClient, userId) : () => {};
}

// what one person's screens loaded is never shown to the next: sign-out or another user clears it
useSession.subscribe((state, previous) => {
  const userId = selectUserId(state);
  if (userId === selectUserId(previous)) return;
  stopKeeping();
  queryClient.clear();
  stopKeeping = keepFor(userId);
});

export default function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInLayout />
      <CommissionToasts />
    </QueryClientProvider>
  );
}

function SignedInLayout() {
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const heardAlert = useLiveAlerts();
  const unread = useUnreadAlertCount();
  const online = useOnline();

  // on a narrow screen the menu closes once the user has picked a page
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => setMenuOpen(false), [pathname]);

  // opened from the menu button (a phone): focus goes to its first entry
  useEffect(() => {
    if (menuOpen) document.querySelector<HTMLElement>('#app-sidebar nav a, #app-sidebar nav button')?.focus();
  }, [menuOpen]);

  function closeMenu() {
    setMenuOpen(false);
    menuButtonRef.current?.focus();
  }

  return (
    <div className="app-layout">
      <a className="skip-link" href="#content">
        {t('shell.layout.skip')}
      </a>
      <header className="app-topbar">
        <button
          ref={menuButtonRef}
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="app-sidebar"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-button-icon" aria-hidden="true" />
          {t('shell.layout.menu')}
        </button>
        <span className="app-brand">{t('shell.brand')}</span>
      </header>
      {menuOpen ? <div className="menu-overlay" aria-hidden="true" onClick={() => setMenuOpen(false)} /> : null}
      <Sidebar
        id="app-sidebar"
        open={menuOpen}
        onClose={closeMenu}
        alertBadge={
          unread ? (
            <>
              <span className="sidebar-badge">{unread > 99 ? '99+' : unread}</span>{' '}
              <span className="sidebar-visually-hidden">{t('shell.layout.unread')}</span>
            </>
          ) : undefined
        }
        footer={
          <>
            <LanguageSwitch className="sidebar-language" />
            <AboutButton />
          </>
        }
      />
      {/* a new live alert is announced (the badge alone is not); always here, as a live region must be */}
      <p className="sidebar-visually-hidden" role="status" aria-live="polite">
        {heardAlert}
      </p>
      <main id="content" className="app-content" tabIndex={-1}>
        {online ? null : (
          <p className="offline-banner" role="status">
            {t('shell.layout.offline')}
          </p>
        )}
        <Outlet />
      </main>
    </div>
  );
}
