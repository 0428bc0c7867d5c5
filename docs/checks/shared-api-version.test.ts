/**
 * docs/architecture.md, "Versioning of shared-api", names shared-api's version and the range the
 * apps ask for: both are read from the packages here, so the page cannot fall behind a bump.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './references';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const packageJson = (dir: string) =>
  JSON.parse(read(`${dir}/package.json`)) as { version: string; dependencies?: Record<string, string> };

/** The section's text, up to the next heading of its level or above. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const next = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, next < 0 ? undefined : next);
}

const versioning = section(read('docs/architecture.md'), 'Versioning of shared-api');
const version = packageJson('shared-api').version;
const major = version.split('.')[0];
/** The apps that take shared-api from the shell at runtime, and build against it. */
const CONSUMERS = ['shell', 'remote-admin', 'remote-manager', 'remote-agent', 'shared-ui'];

describe("docs/architecture.md's versioning of shared-api", () => {
  it("names the version of shared-api's package.json", () => {
    const named = versioning.match(/`shared-api\/package\.json` \((\d+\.\d+\.\d+)/)?.[1];
    expect(named, 'Write the new version (and what it brought) in the section.').toBe(version);
  });

  it('names the range every app asks for, within the current major', () => {
    const range = versioning.match(/ask for `(\^\d+\.\d+\.\d+)`/)?.[1];
    expect(range?.startsWith(`^${major}.`), `${range} is not a range of ${version}`).toBe(true);
    const asked = Object.fromEntries(CONSUMERS.map((dir) => [dir, packageJson(dir).dependencies?.['shared-api']]));
    expect(asked).toEqual(Object.fromEntries(CONSUMERS.map((dir) => [dir, range])));
    // the remotes' requiredVersion is their package.json's range, read by their build
    expect(read('scripts/remote-vite-config.ts')).toContain(
      "'shared-api': { singleton: true, requiredVersion: sharedApiRange(packageDir) }",
    );
  });
});
