/**
 * The files of an area that its federation manifest (`mf-manifest.json`) lists: the scripts and
 * styles of every page it exposes, as URLs beside the manifest (its `publicPath` is "auto"). The
 * service worker fetches them once a release's manifest is seen (./sw.ts), so each page of an
 * area opened online once opens offline, not only the pages visited.
 */

/** More than this many files is not an area's manifest as we build them: none are fetched. */
export const MAX_AREA_FILES = 300;

/**
 * A built file whose name carries its content's hash (`/assets/<name>-<hash>.js|css|woff2`): never
 * changes, so the worker serves it from its cache (./sw.ts) and fetches only such files ahead.
 */
export const HASHED_ASSET = /\/assets\/[^/]+[-.][A-Za-z0-9_-]{8,}\.(?:js|mjs|css|woff2?)$/;

type Listed = { sync?: unknown; async?: unknown };

function namesIn(listed: Listed | undefined): string[] {
  return [listed?.sync, listed?.async].flatMap((names) =>
    Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [],
  );
}

export function areaFilesOf(manifest: unknown, manifestUrl: string): string[] {
  if (!manifest || typeof manifest !== 'object') return [];
  const exposes = (manifest as { exposes?: unknown }).exposes;
  if (!Array.isArray(exposes)) return [];
  const base = new URL('.', manifestUrl);
  const files = new Set<string>();
  for (const expose of exposes) {
    const assets = (expose as { assets?: { js?: Listed; css?: Listed } } | null)?.assets;
    for (const name of [...namesIn(assets?.js), ...namesIn(assets?.css)]) {
      let url: URL;
      try {
        url = new URL(name, base);
      } catch {
        continue;
      }
      // only the area's own hashed files, beside its manifest
      if (url.origin === base.origin && url.pathname.startsWith(base.pathname) && HASHED_ASSET.test(url.pathname)) {
        files.add(url.href);
      }
    }
  }
  return files.size > MAX_AREA_FILES ? [] : [...files];
}
