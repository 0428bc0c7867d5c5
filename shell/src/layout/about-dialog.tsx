/**
 * The About panel: which release of the shell and of each area this page runs, with the URL
 * each area came from and whether it is the stable release or a canary
 * (docs/architecture.md#deploying-one-remote). Each part's release.json is fetched when the
 * panel opens, beside the part's own files.
 */
import { useQuery } from '@tanstack/react-query';
import { selectUserId, useSession } from 'shared-api';
import { parseRemoteRelease, parseShellRelease, REMOTES, type RemoteName } from 'shared-api/contract';
import { Modal } from 'shared-ui/modal';
import { type ShellKey, useT } from '../i18n';
import { releaseUrl } from '../remotes/release-check';
import { remoteUrlFor, remoteUrls } from '../runtime-config/remote-urls';
import './about-dialog.css';

/** The shell's own release.json, written by its build beside index.html (a build without it baked in). */
export const SHELL_RELEASE_PATH = '/release.json';

interface PartRelease {
  part: 'shell' | RemoteName;
  /** null: the release.json could not be fetched or read */
  version: string | null;
  commit: string | null;
  builtAt: string | null;
  url?: string;
  channel?: 'stable' | 'canary';
}

const PART_TITLES: Record<PartRelease['part'], ShellKey> = {
  shell: 'shell.about.shell',
  admin: 'shell.about.admin',
  manager: 'shell.about.manager',
  agent: 'shell.about.agent',
};
const CHANNELS: Record<NonNullable<PartRelease['channel']>, ShellKey> = {
  stable: 'shell.about.stable',
  canary: 'shell.about.canary',
};

async function fetchJson(url: string): Promise<unknown> {
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

async function fetchReleases(userId: string | null): Promise<PartRelease[]> {
  const urls = remoteUrls();
  const areas = REMOTES.map(async (name): Promise<PartRelease> => {
    const url = remoteUrlFor(name, userId);
    const release = parseRemoteRelease(await fetchJson(releaseUrl(url)));
    return {
      part: name,
      version: release?.version ?? null,
      commit: release?.commit ?? null,
      builtAt: release?.builtAt ?? null,
      url,
      channel: url === urls[name].stable ? 'stable' : 'canary',
    };
  });
  const shell =
    typeof __SHELL_RELEASE__ === 'undefined'
      ? parseShellRelease(await fetchJson(new URL(SHELL_RELEASE_PATH, window.location.href).href))
      : __SHELL_RELEASE__;
  return [
    { part: 'shell', version: shell?.version ?? null, commit: shell?.commit ?? null, builtAt: shell?.builtAt ?? null },
    ...(await Promise.all(areas)),
  ];
}

export default function AboutDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const userId = useSession(selectUserId);
  const { data } = useQuery({
    queryKey: ['about', 'releases', userId],
    queryFn: () => fetchReleases(userId),
    staleTime: 0,
    gcTime: 0,
  });

  return (
    <Modal open title={t('shell.about.title')} onClose={onClose}>
      {data ? (
        <table className="about-releases">
          <caption>{t('shell.about.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('shell.about.part')}</th>
              <th scope="col">{t('shell.about.version')}</th>
              <th scope="col">{t('shell.about.commit')}</th>
              <th scope="col">{t('shell.about.loadedFrom')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <tr key={row.part}>
                <th scope="row">{t(PART_TITLES[row.part])}</th>
                <td>{row.version ?? t('shell.about.unknown')}</td>
                <td>{row.commit ?? t('shell.about.unknown')}</td>
                <td>
                  {row.url ? (
                    <>
                      <span className="about-channel">{t(CHANNELS[row.channel ?? 'stable'])}</span>{' '}
                      <code dir="ltr">{row.url}</code>
                    </>
                  ) : (
                    t('shell.about.thisPage')
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p role="status">{t('shell.about.reading')}</p>
      )}
    </Modal>
  );
}
