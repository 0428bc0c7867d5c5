/**
 * What the shell does when an area fails to load, loaded only then (never on a first visit):
 * the words of an area this app cannot host (docs/architecture.md, Versions of a build), and
 * the report to the API (POST /api/client-errors), once per page load per area and kind, for an
 * operator to alert on. Only the shell reports, so the call lives here, not in shared-api's entry.
 */
import { apiRequest, ltr, useLocaleStore } from 'shared-api';
import {
  CLIENT_ERROR_DETAIL_MAX,
  type ClientErrorKind,
  type RemoteName,
  remoteIncompatible,
  type UnmetNeed,
} from 'shared-api/contract';
import { type ShellKey, t } from '../i18n';
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

const AREA_NAMES: Record<RemoteName, ShellKey> = {
  admin: 'shell.role.admin',
  manager: 'shell.role.manager',
  agent: 'shell.role.agent',
};
const PART_NAMES: Record<UnmetNeed['part'], string> = {
  'shared-api': 'shared-api',
  federationRuntime: '@module-federation/runtime',
  routerExports: 'react-router-dom',
  queryExports: '@tanstack/react-query',
};

/**
 * The screen's sentence in the chosen language. English is the contract's wording (the operators'
 * reports and the tests read it); another language says, per part, what the area needs and what
 * this app has, with the names and versions left to right.
 */
function incompatibleExplanation(remote: RemoteName, unmet: readonly UnmetNeed[]): string {
  if (useLocaleStore.getState().locale === 'en') return remoteIncompatible(`remote-${remote}`, unmet);
  const area = t(AREA_NAMES[remote]);
  const sentences = unmet.map(({ part, needs, has }) =>
    t('shell.area.incompatible', { area, part: ltr(PART_NAMES[part]), needs: ltr(needs), has: ltr(has) }),
  );
  return [...sentences, t('shell.area.reload')].join(' ');
}

/** Gives an incompatible area's error the sentence its screen shows, and reports the failure. */
export function handleAreaFailure(remote: RemoteName, error: unknown): void {
  if (error instanceof RemoteIncompatibleError) {
    error.explanation = incompatibleExplanation(remote, error.unmet);
    // the report is for an operator: always the contract's English
    reportClientError('remote-incompatible', remote, remoteIncompatible(`remote-${remote}`, error.unmet));
  } else {
    reportClientError('remote-load-failed', remote, error instanceof Error ? error.message : String(error));
  }
}

/** Tests: forget what was reported. */
export function forgetReportedClientErrors(): void {
  reported.clear();
}
