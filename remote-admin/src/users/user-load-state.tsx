/**
 * What a user's page shows until the user is there (the pending user's page and a user's page):
 * the failure with a retry, or that it is loading.
 */
import type { ReactNode } from 'react';
import { t, useT } from './i18n';

export function UserLoadState({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  const translate = useT();
  if (error) {
    return (
      <div className="admin-users-state admin-users-error" role="alert">
        <p>{error}</p>
        <button type="button" className="ui-button ui-button-small" onClick={onRetry}>
          {translate('admin.common.retry')}
        </button>
      </div>
    );
  }
  return (
    <p className="admin-users-state" role="status">
      {translate('admin.common.loading')}
    </p>
  );
}

/**
 * A field the person left empty reads 'N/A'; `leftToRight` keeps an email or a phone number
 * left to right inside Urdu.
 */
export function orNone(value: string | null | undefined, leftToRight = false): ReactNode {
  if (!value?.trim()) return t('admin.common.notAvailable');
  return leftToRight ? <bdi dir="ltr">{value}</bdi> : value;
}
