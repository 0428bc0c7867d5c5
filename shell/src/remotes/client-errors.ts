/**
 * Tells the API about an area that could not load (POST /api/client-errors, docs/architecture.md,
 * Versions of a build), once per page load per area and kind: an operator alerts on the log line.
 * Only the shell reports, so the call lives here rather than in shared-api's entry.
 */
import { apiRequest } from 'shared-api';
import { CLIENT_ERROR_DETAIL_MAX, type ClientErrorKind, type RemoteName } from 'shared-api/contract';
import { RemoteIncompatibleError } from './release-check';

const reported = new Set<string>();

export function reportClientError(kind: ClientErrorKind, remote: RemoteName, detail: string): void {
  const key = `${kind} ${remote}`;
  if (reported.has(key)) return;
  reported.add(key);
  apiRequest('/api/client-errors', {
    method: 'POST',
    data: { kind, remote, detail: detail.slice(0, CLIENT_ERROR_DETAIL_MAX) },
  }).catch(() => {
    // a report that cannot be sent is dropped: the screen already says what is wrong
  });
}

/** An area's load failed: incompatible, or anything else (down, timed out, broken). */
export function reportAreaFailure(remote: RemoteName, error: unknown): void {
  if (error instanceof RemoteIncompatibleError) {
    reportClientError('remote-incompatible', remote, error.message);
  } else {
    reportClientError('remote-load-failed', remote, error instanceof Error ? error.message : String(error));
  }
}

/** Tests: forget what was reported. */
export function forgetReportedClientErrors(): void {
  reported.clear();
}
