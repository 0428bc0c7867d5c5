/**
 * What the shell does when an area fails to load, loaded only then (never on a first visit):
 * the words of an area this app cannot host (docs/architecture.md, Versions of a build), and
 * the report to the API (POST /api/client-errors), once per page load per area and kind, for an
 * operator to alert on. Only the shell reports, so the call lives here, not in shared-api's entry.
 */
import { apiRequest } from 'shared-api';
import {
  CLIENT_ERROR_DETAIL_MAX,
  type ClientErrorKind,
  type RemoteName,
  remoteIncompatible,
} from 'shared-api/contract';
import { RemoteIncompatibleError } from '../remotes/release-check';

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

/** Gives an incompatible area's error the sentence its screen shows, and reports the failure. */
export function handleAreaFailure(remote: RemoteName, error: unknown): void {
  if (error instanceof RemoteIncompatibleError) {
    error.explanation = remoteIncompatible(`remote-${remote}`, error.unmet);
    reportClientError('remote-incompatible', remote, error.explanation);
  } else {
    reportClientError('remote-load-failed', remote, error instanceof Error ? error.message : String(error));
  }
}

/** Tests: forget what was reported. */
export function forgetReportedClientErrors(): void {
  reported.clear();
}
