/**
 * One remote deployed and rolled back while a signed-in browser is open
 * (docs/architecture.md#deploying-one-remote): two releases of the admin's remote (its build,
 * and a copy whose release.json says another version), `npm run deploy` between them. The open
 * page keeps what it loaded; after a reload the area comes from the new release, and the
 * other areas from where they were.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, RELEASES_DIR, ROOT, RUNTIME_CONFIG_FILE, remoteOrigin } from '../support/env';
import { releaseCommand, resetRuntimeConfig } from '../support/servers';
import { signIn } from '../support/session';

test.afterEach(() => resetRuntimeConfig());
// four loads of the app and a release copied twice: more than the default minute on a busy machine
test.setTimeout(120_000);

/** Copies the admin remote's build, optionally with another version and commit, and releases it. */
function releaseOfAdmin(folder: string, identity?: { version: string; commit: string }) {
  fs.cpSync(path.join(ROOT, 'remote-admin', 'dist'), folder, { recursive: true });
  const file = path.join(folder, 'release.json');
  const release = JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string; commit: string };
  if (identity) fs.writeFileSync(file, JSON.stringify({ ...release, ...identity }));
  const printed = releaseCommand('release', 'remote-admin', '--dist', folder);
  const id = /Released remote-admin (\S+)/.exec(printed)?.[1];
  if (!id) throw new Error(`no release named in: ${printed}`);
  return { id, ...release, ...identity };
}

/** The About panel's row of an area: version, commit, where it came from. */
async function aboutRow(page: Page, part: string) {
  await page.getByRole('button', { name: 'About' }).click();
  const dialog = page.getByRole('dialog', { name: 'About' });
  const row = dialog.getByRole('row').filter({ has: page.getByRole('rowheader', { name: part }) });
  await expect(row.getByRole('cell').first()).not.toHaveText('unknown');
  const cells = await row.getByRole('cell').allTextContents();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return cells;
}

test('a deploy and a rollback of the admin area reach an open browser at its next reload, and nothing else moves', async ({
  page,
}) => {
  fs.rmSync(RELEASES_DIR, { recursive: true, force: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-releases-'));
  const first = releaseOfAdmin(path.join(work, 'first'));
  const second = releaseOfAdmin(path.join(work, 'second'), { version: '9.9.9', commit: 'e2e0002' });
  const url = (release: { id: string }) => `/releases/remote-admin/${release.id}/mf-manifest.json`;
  releaseCommand('deploy', 'remote-admin', first.id);

  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const asked = (release: { id: string }) => requests.some((u) => u.includes(`/releases/remote-admin/${release.id}/`));

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: /Welcome, Admin/ })).toBeVisible();
  expect(asked(first)).toBe(true);
  expect(await aboutRow(page, 'admin area')).toEqual([first.version, first.commit, `stable ${url(first)}`]);

  // deployed while the page is open: the page keeps the release it loaded
  expect(releaseCommand('deploy', 'admin', second.id)).toContain(`remote-admin ${second.id} is live`);
  const runtime = JSON.parse(fs.readFileSync(RUNTIME_CONFIG_FILE, 'utf8'));
  expect(runtime.remotes).toMatchObject({ admin: url(second), agent: `${remoteOrigin('agent')}/mf-manifest.json` });
  await page.getByRole('link', { name: 'orders', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  expect(asked(second)).toBe(false);

  // the next load of the area after a reload is the new release
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome, Admin/ })).toBeVisible();
  expect(asked(second)).toBe(true);
  expect(await aboutRow(page, 'admin area')).toEqual(['9.9.9', 'e2e0002', `stable ${url(second)}`]);
  // another area still comes from where it was
  expect(await aboutRow(page, 'agent area')).toEqual([
    expect.any(String),
    expect.any(String),
    `stable ${remoteOrigin('agent')}/mf-manifest.json`,
  ]);
  requests.length = 0;
  await page.getByRole('link', { name: /^alert center/ }).click();
  await expect(page.getByRole('heading', { name: 'alert center' })).toBeVisible();
  expect(requests.some((u) => u.startsWith(`${remoteOrigin('agent')}/`))).toBe(true);
  expect(requests.filter((u) => u.includes('/releases/'))).toEqual([]);

  // rolled back: after a reload, the first release again
  expect(releaseCommand('deploy', 'admin', '--rollback')).toContain(`back on ${first.id}`);
  requests.length = 0;
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome, Admin/ })).toBeVisible();
  expect(asked(first)).toBe(true);
  expect(asked(second)).toBe(false);
  expect(await aboutRow(page, 'admin area')).toEqual([first.version, first.commit, `stable ${url(first)}`]);
  fs.rmSync(work, { recursive: true, force: true });
});
