/**
 * An area built for a newer app than the one that loads it (docs/architecture.md, Versions of a
 * build): the shell reads its release.json before its code runs, says what it needs instead of
 * running it, reports it once to the API, and every other area keeps working.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiCreateApprovedUser } from '../support/api';
import { PORTS, ROOT, STATE_DIR } from '../support/env';
import { editRuntimeConfig, resetRuntimeConfig, startRemoteFrom, stop } from '../support/servers';
import { signIn } from '../support/session';

const FIXTURE_PORT = 3014;
const FIXTURE_KEY = 'manager-needs-newer-shell';
const fixtureDir = path.join(STATE_DIR, FIXTURE_KEY);
const apiLog = path.join(STATE_DIR, 'api.log');

const clientErrorLines = () =>
  fs
    .readFileSync(apiLog, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"event":"client-error"'))
    .map((line) => JSON.parse(line) as { kind: string; remote: string; detail: string; userId: string | null });

test.beforeAll(async () => {
  // today's manager area, its release.json rewritten to need a shared-api major no shell has
  fs.rmSync(fixtureDir, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, 'remote-manager', 'dist'), fixtureDir, { recursive: true });
  const releaseFile = path.join(fixtureDir, 'release.json');
  const release = JSON.parse(fs.readFileSync(releaseFile, 'utf8')) as { needs: Record<string, unknown> };
  release.needs['shared-api'] = '^99.0.0';
  fs.writeFileSync(releaseFile, JSON.stringify(release, null, 2));
  await startRemoteFrom(fixtureDir, FIXTURE_PORT, FIXTURE_KEY);
});

test.afterAll(async () => {
  await stop(FIXTURE_KEY);
  fs.rmSync(fixtureDir, { recursive: true, force: true });
});

test.afterEach(() => resetRuntimeConfig());

test('an area that needs a newer app says so with Retry, is reported once, and the other areas work', async ({
  page,
}) => {
  editRuntimeConfig((config) => {
    const remotes = config.remotes as Record<string, string>;
    remotes.manager = remotes.manager!.replace(`:${PORTS.manager}`, `:${FIXTURE_PORT}`);
  });
  const manager = await apiCreateApprovedUser('manager');
  const reports: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/client-errors')) reports.push(request.url());
  });
  const managerCode: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(`http://localhost:${FIXTURE_PORT}/`) && url.endsWith('.js')) managerCode.push(url);
  });

  await signIn(page, manager.email, manager.password);
  // the admin area (the manager's dashboard) loads as ever
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();

  await page.goto('/manager/orders');
  const message =
    /^The manager area needs a newer app \(shared-api 99\.0 or later; this one has \d+\.\d+(\.\d+)?\)\. Reload later, or ask the admin\.$/;
  await expect(page.getByRole('heading', { name: message })).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: message })).toBeVisible();
  // the sidebar still works, and so does the agent area (the alert center)
  await expect(page.getByRole('button', { name: 'log out' })).toBeVisible();
  await page.getByRole('link', { name: 'alert center' }).click();
  await expect(page.getByRole('heading', { name: /alert/i })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'dashboard', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();

  // none of the manager area's code ran: only its release.json and manifest were read
  expect(managerCode).toEqual([]);
  // reported once for this page load, and logged once for the operator, naming the manager
  expect(reports).toHaveLength(1);
  await expect
    .poll(() => clientErrorLines().filter((line) => line.userId === manager.user._id))
    .toEqual([
      expect.objectContaining({
        kind: 'remote-incompatible',
        remote: 'manager',
        detail: expect.stringMatching(message),
      }),
    ]);
});
