/**
 * The check before an area's code runs (docs/architecture.md, Versions of a build): the
 * remote's release.json, served beside its manifest, says what it needs; the shell's own
 * release (baked into its build) says what it provides. A release.json that cannot be read
 * skips the check with a warning, so a remote deployed before release.json existed still loads.
 */
import {
  parseRemoteRelease,
  type ReleaseProvides,
  type RemoteName,
  remoteIncompatible,
  type UnmetNeed,
  unmetNeeds,
} from 'shared-api/contract';

/** An area this shell cannot host: its message says which part needs which version. */
export class RemoteIncompatibleError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly unmet: UnmetNeed[],
  ) {
    super(remoteIncompatible(`remote-${remote}`, unmet));
    this.name = 'RemoteIncompatibleError';
  }
}

/** release.json, beside the manifest (or remoteEntry.js) the runtime JSON names. */
export function releaseUrl(entryUrl: string): string {
  return new URL('release.json', new URL(entryUrl, globalThis.location?.href)).href;
}

/** What the remote needs and this shell lacks; empty when it may load, or when the check was skipped. */
export async function checkRemoteRelease(
  remote: RemoteName,
  entryUrl: string,
  provides: ReleaseProvides,
  fetchRelease: typeof fetch = fetch,
): Promise<UnmetNeed[]> {
  let release: ReturnType<typeof parseRemoteRelease>;
  try {
    const response = await fetchRelease(releaseUrl(entryUrl));
    if (!response.ok) throw new Error(`it answered ${response.status}`);
    release = parseRemoteRelease(await response.json());
    if (!release) throw new Error('it is not a remote release');
    if (release.name !== `remote-${remote}`) throw new Error(`it is the release of ${release.name}`);
  } catch (error) {
    console.warn(
      `The ${remote} area's release.json could not be read (${error instanceof Error ? error.message : String(error)}): it loads without the version check.`,
    );
    return [];
  }
  return unmetNeeds(provides, release.needs);
}
