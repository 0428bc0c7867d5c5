/** The sidebar, built from the contract's menu for the user's role. */
import { type KeyboardEvent, type ReactNode, useId } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { getRuntimeConfig, useSession } from 'shared-api';
import { MESSAGES, type MenuEntry, menuFor, withoutTrailingSlashes } from 'shared-api/contract';
import './sidebar.css';

type SidebarEntry = MenuEntry & { path?: string };

export interface SidebarProps {
  id: string;
  /** open on a narrow screen (always shown on a wide one) */
  open: boolean;
  onClose: () => void;
  /** shown after 'alert center' (the layout passes the unread-alert count badge) */
  alertBadge?: ReactNode;
  /** shown below the menu (the layout passes the About button) */
  footer?: ReactNode;
}

/** The displayed name is first and last name joined (the API's `name`). */
export function displayName(user: { name?: string; firstName: string; lastName: string }): string {
  return user.name?.trim() || [user.firstName, user.lastName].filter(Boolean).join(' ');
}

export function Sidebar({ id, open, onClose, alertBadge, footer }: SidebarProps) {
  const user = useSession((s) => s.user);
  const signOut = useSession((s) => s.signOut);
  const navigate = useNavigate();
  const productsHeadingId = useId();

  if (!user) return null;

  async function copyReferralLink(userId: string) {
    const publicUrl = withoutTrailingSlashes(getRuntimeConfig().publicUrl);
    try {
      if (!navigator.clipboard) throw new Error('The clipboard is not available.');
      await navigator.clipboard.writeText(`${publicUrl}/register/${userId}`);
      toast.success(MESSAGES.referralCopied, { autoClose: 2000 });
    } catch {
      toast.error(MESSAGES.referralCopyFailed, { autoClose: 2000 });
    }
  }

  function renderEntry(entry: SidebarEntry): ReactNode {
    if (entry.path) {
      return (
        <li key={entry.label}>
          <NavLink to={entry.path} end className="sidebar-link">
            {entry.label}
            {entry.label === 'alert center' && alertBadge ? <> {alertBadge}</> : null}
          </NavLink>
        </li>
      );
    }
    const onClick =
      entry.action === 'refer'
        ? () => void copyReferralLink(user?._id ?? '')
        : () => {
            signOut();
            navigate('/', { replace: true });
          };
    return (
      <li key={entry.label}>
        <button type="button" className="sidebar-link sidebar-action" onClick={onClick}>
          {entry.label}
        </button>
      </li>
    );
  }

  const entries = menuFor(user.role);
  const products = entries.filter((e) => e.group === 'products');
  const items: ReactNode[] = [];
  for (const entry of entries) {
    if (entry.group !== 'products') items.push(renderEntry(entry));
    else if (entry === products[0]) {
      items.push(
        <li key="group-products" className="sidebar-group">
          <span id={productsHeadingId} className="sidebar-group-title">
            products
          </span>
          <ul aria-labelledby={productsHeadingId}>{products.map(renderEntry)}</ul>
        </li>,
      );
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && open) onClose();
  }

  return (
    <aside id={id} className={open ? 'sidebar sidebar-open' : 'sidebar'} onKeyDown={onKeyDown}>
      <div className="sidebar-brand">Review marketplace</div>
      <p className="sidebar-user">
        <span className="sidebar-user-name">{displayName(user)}</span>
        <span className="sidebar-user-role">{user.role}</span>
      </p>
      <nav aria-label="Main menu">
        <ul className="sidebar-list">{items}</ul>
      </nav>
      {footer ? <div className="sidebar-footer">{footer}</div> : null}
    </aside>
  );
}
