/**
 * Which URL an area loads from for the signed-in person: `remotes.<area>` of the runtime JSON is
 * a URL, or a canary `{ stable, canary, canaryPercent }` (written by `npm run deploy`,
 * docs/architecture.md#deploying-one-remote). A signed-in person gets the canary when FNV-1a of
 * their id, mod 100, is below the share: the same person always gets the same release; a
 * signed-out page never does. The federation runtime registers an area's URL once per page, so
 * the choice holds until the page loads again. Loaded with the areas, never on the sign-in page.
 */
import { REMOTES, type RemoteName } from 'shared-api/contract';
import { getShellConfig, type ShellConfig } from './shell-config';

/** A release a share of the signed-in people get instead of the stable one. */
export interface RemoteCanary {
  url: string;
  /** 0 to 100 */
  percent: number;
}

export interface RemoteUrls {
  stable: string;
  canary?: RemoteCanary;
}

const isUrl = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** A `remotes.<area>` value as a stable URL and an optional canary; null for a malformed one. */
function readRemoteSource(value: unknown): RemoteUrls | null {
  if (isUrl(value)) return { stable: value };
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const { stable, canary, canaryPercent } = value as Record<string, unknown>;
  if (!isUrl(stable)) return null;
  if (canary === undefined && canaryPercent === undefined) return { stable };
  if (!isUrl(canary) || typeof canaryPercent !== 'number' || !(canaryPercent >= 0 && canaryPercent <= 100)) return null;
  return canaryPercent > 0 ? { stable, canary: { url: canary, percent: canaryPercent } } : { stable };
}

let readFrom: ShellConfig | undefined;
let read: Record<RemoteName, RemoteUrls> | undefined;

/** Each area's URLs from the runtime JSON applied last; a malformed value: the default, with a console error (once). */
export function remoteUrls(): Record<RemoteName, RemoteUrls> {
  const config = getShellConfig();
  if (read && readFrom === config) return read;
  const urls = {} as Record<RemoteName, RemoteUrls>;
  for (const name of REMOTES) {
    const value = config.remoteSources[name];
    const source = value === undefined ? null : readRemoteSource(value);
    if (value !== undefined && !source) {
      console.error(
        `Runtime configuration: remotes.${name} is neither a URL nor a canary; using ${config.remotes[name]}.`,
        value,
      );
    }
    urls[name] = source ?? { stable: config.remotes[name] };
  }
  readFrom = config;
  read = urls;
  return urls;
}

/** FNV-1a (32 bits) of the id's UTF-8 bytes, mod 100: a person's place in a canary's share. */
export function canaryBucket(userId: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(userId)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** The URL of the area's release this person gets: the canary for their share, else the stable one. */
export function remoteUrlFor(name: RemoteName, userId: string | null | undefined): string {
  const { stable, canary } = remoteUrls()[name];
  return canary && userId && canaryBucket(userId) < canary.percent ? canary.url : stable;
}
