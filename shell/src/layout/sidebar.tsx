/** The sidebar, built from the contract's menu for the user's role. */
import { type KeyboardEvent, type ReactNode, useId } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { getRuntimeConfig, translateMessage, useSession } from 'shared-api';
import { MESSAGES, type MenuEntry, menuFor, type Role, withoutTrailingSlashes } from 'shared-api/contract';
import { type ShellKey, useT } from '../i18n';
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

/**
 * The words of the contract's menu (its labels stay English there: they name the entries); the
 * sidebar's test holds every entry of MENU to a key here.
 */
export const MENU_LABELS: Readonly<Record<string, ShellKey>> = {
  dashboard: 'shell.menu.dashboard',
  'alert center': 'shell.menu.alertCenter',
  orders: 'shell.menu.orders',
  'pending users': 'shell.menu.pendingUsers',
  users: 'shell.menu.users',
  payouts: 'shell.menu.payouts',
  'all products': 'shell.menu.allProducts',
  'pending products': 'shell.menu.pendingProducts',
  'add new product': 'shell.menu.addProduct',
  'refer a friend': 'shell.menu.refer',
  'log out': 'shell.menu.logOut',
  'update password': 'shell.menu.updatePassword',
};

const ROLE_NAMES: Record<Role, ShellKey> = {
  admin: 'shell.role.admin',
  manager: 'shell.role.manager',
  agent: 'shell.role.agent',
};

/** The displayed name is first and last name joined (the API's `name`). */
export function displayName(user: { name?: string; firstName: string; lastName: string }): string {
  return user.name?.trim() || [user.firstName, user.lastName].filter(Boolean).join(' ');
}

export function Sidebar({ id, open, onClose, alertBadge, footer }: SidebarProps) {
  const t = useT();
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
      toast.success(translateMessage(MESSAGES.referralCopied), { autoClose: 2000 });
    } catch {
      toast.error(translateMessage(MESSAGES.referralCopyFailed), { autoClose: 2000 });
    }
  }

  function labelOf(entry: SidebarEntry): string {
    const key = MENU_LABELS[entry.label];
    return key ? t(key) : entry.label;
  }

  function renderEntry(entry: SidebarEntry): ReactNode {
    if (entry.path) {
      return (
        <li key={entry.label}>
          <NavLink to={entry.path} end className="sidebar-link">
            {labelOf(entry)}
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
          {labelOf(entry)}
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
            {t('shell.menu.products')}
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
      <div className="sidebar-brand">{t('shell.brand')}</div>
      <p className="sidebar-user">
        <span className="sidebar-user-name">{displayName(user)}</span>
        <span className="sidebar-user-role">{t(ROLE_NAMES[user.role])}</span>
      </p>
      <nav aria-label={t('shell.menu.label')}>
        <ul className="sidebar-list">{items}</ul>
      </nav>
      {footer ? <div className="sidebar-footer">{footer}</div> : null}
    </aside>
  );
}
