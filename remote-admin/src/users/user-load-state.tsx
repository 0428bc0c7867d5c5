/**
 * What a user's page shows until the user is there (the pending user's page and a user's page):
 * the failure with a retry, or that it is loading.
 */
export function UserLoadState({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  if (error) {
    return (
      <div className="admin-users-state admin-users-error" role="alert">
        <p>{error}</p>
        <button type="button" className="ui-button ui-button-small" onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  }
  return (
    <p className="admin-users-state" role="status">
      Loading...
    </p>
  );
}

/** A field the person left empty. */
export function orNone(value: string | null | undefined): string {
  return value?.trim() ? value : 'N/A';
}
