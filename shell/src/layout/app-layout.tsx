/** The signed-in layout: the sidebar and the content column where the areas render. */
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Sidebar } from './sidebar';
import './app-layout.css';

export default function AppLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  // on a narrow screen the menu closes once the user has picked a page
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="app-layout">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <header className="app-topbar">
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="app-sidebar"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-button-icon" aria-hidden="true" />
          menu
        </button>
        <span className="app-brand">Review marketplace</span>
      </header>
      <Sidebar id="app-sidebar" open={menuOpen} onClose={() => setMenuOpen(false)} />
      <main id="content" className="app-content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
