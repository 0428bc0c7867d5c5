/** `npm run images:move`: every image from one store to the other, and back, losing none even when stopped. */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pgliteDir } from '../db/connection';
import { createTestDatabase, createTestDataDir, type TestDatabase } from '../test/helpers';
import { makeImage } from '../test/images';
import { ImageMoveError, moveImages } from './move';
import { filesImageStore, type ImageStore, postgresImageStore, sha256 } from './store';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

let t: TestDatabase;
let files: ImageStore;
let postgres: ImageStore;
beforeAll(async () => {
  t = await createTestDatabase();
  files = filesImageStore(t.dataDir);
  postgres = postgresImageStore(t.db);
});
afterAll(() => t.close());

const newKey = () => `${crypto.randomBytes(16).toString('hex')}.png`;

/** Images of different sizes, private and public, written to `store`: key -> [hash, private]. */
async function someImages(store: ImageStore, count: number): Promise<Map<string, [string, boolean]>> {
  const written = new Map<string, [string, boolean]>();
  for (let i = 0; i < count; i++) {
    const data = await makeImage('png', { width: 4 + i, height: 3 + i });
    const key = newKey();
    await store.write(key, i % 2 === 0, data);
    written.set(key, [sha256(data), i % 2 === 0]);
  }
  return written;
}

/** What a store holds: key -> [hash, private]. */
async function contents(store: ImageStore): Promise<Map<string, [string, boolean]>> {
  const held = new Map<string, [string, boolean]>();
  for (const { key } of await store.list('', 10_000)) {
    const image = await store.read(key);
    if (image) held.set(key, [sha256(image.data), image.private]);
  }
  return held;
}

async function emptyBoth() {
  for (const store of [files, postgres]) for (const { key } of await store.list('', 10_000)) await store.remove(key);
}

/** A store whose writes fail after `okWrites` of them (a full disk, a dropped connection). */
function failingAfter(store: ImageStore, okWrites: number): ImageStore {
  let writes = 0;
  return {
    ...store,
    async write(key, isPrivate, data) {
      writes += 1;
      if (writes > okWrites) throw new Error('disk full');
      await store.write(key, isPrivate, data);
    },
  };
}

describe('moving images between the data folder and the database', () => {
  it('moves every image into the database and back, bytes and privacy unchanged, and a second run finds nothing', async () => {
    await emptyBoth();
    const images = await someImages(files, 7);

    const there = await moveImages(files, postgres);
    expect(there).toEqual({ copied: 7, alreadyThere: 0, removed: 7 });
    expect(await contents(postgres)).toEqual(images);
    expect(await contents(files)).toEqual(new Map());
    expect(fs.readdirSync(path.join(t.dataDir, 'private'))).toEqual([]);
    expect(await moveImages(files, postgres)).toEqual({ copied: 0, alreadyThere: 0, removed: 0 });

    const back = await moveImages(postgres, files);
    expect(back).toEqual({ copied: 7, alreadyThere: 0, removed: 7 });
    expect(await contents(files)).toEqual(images);
    expect(await contents(postgres)).toEqual(new Map());
    // back in the folders of their privacy, with their modes
    for (const [key, [, isPrivate]] of images) {
      const file = path.join(t.dataDir, isPrivate ? 'private' : 'uploads', key);
      expect(fs.statSync(file).mode & 0o777).toBe(isPrivate ? 0o600 : 0o644);
    }
  });

  for (const [direction, from, to] of [
    ['into the database', () => files, () => postgres],
    ['into the data folder', () => postgres, () => files],
  ] as const) {
    it(`loses nothing when a write fails in the middle of a move ${direction}, and a second run finishes it`, async () => {
      await emptyBoth();
      const images = await someImages(from(), 6);

      const stopped = await moveImages(from(), failingAfter(to(), 3)).catch((error: unknown) => error);
      expect(stopped).toBeInstanceOf(ImageMoveError);
      expect((stopped as ImageMoveError).counts).toEqual({ copied: 3, alreadyThere: 0, removed: 3 });
      expect((stopped as ImageMoveError).message).toContain('nothing was lost');
      // every image whole in one store or the other
      const held = new Map([...(await contents(from())), ...(await contents(to()))]);
      expect(held).toEqual(images);
      expect((await contents(to())).size).toBe(3);

      expect(await moveImages(from(), to())).toEqual({ copied: 3, alreadyThere: 0, removed: 3 });
      expect(await contents(to())).toEqual(images);
      expect(await contents(from())).toEqual(new Map());
    });
  }

  it('keeps a copy an interrupted run made and writes again one that does not match, before removing the source', async () => {
    await emptyBoth();
    const images = await someImages(files, 3);
    const [copied, damaged] = [...images.keys()];
    if (!copied || !damaged) throw new Error('expected images');
    // stopped after copying one (its source not removed yet), and with a damaged copy of another
    const original = await files.read(copied);
    if (!original) throw new Error('expected the image');
    await postgres.write(copied, original.private, original.data);
    await postgres.write(damaged, true, Buffer.from('not the image'));

    expect(await moveImages(files, postgres)).toEqual({ copied: 2, alreadyThere: 1, removed: 3 });
    expect(await contents(postgres)).toEqual(images);
    expect(await contents(files)).toEqual(new Map());
  });
});

describe('npm run images:move', { timeout: 120_000 }, () => {
  const run = (args: string[], dataDir: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/images-move.ts', ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('explains its options when one is wrong', () => {
    const wrong = run(['--to', 's3'], '/nonexistent-never-opened');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('--to must be "postgres" or "files", not "s3".');
    expect(wrong.stderr).toContain('Usage: npm run images:move -- --to postgres|files');
  });

  it('moves the images of a data folder into its embedded database and back', async () => {
    const template = inject('testDatabase');
    if (template.kind !== 'pglite') return; // the embedded database only: the move itself is tested above on both
    const dataDir = await createTestDataDir();
    try {
      fs.cpSync(pgliteDir(template.dataDir), pgliteDir(dataDir), { recursive: true });
      const images = await someImages(filesImageStore(dataDir), 3);

      const there = run(['--to', 'postgres'], dataDir);
      expect(there.stderr).toBe('');
      expect(there.stdout).toContain('Moving images from the data folder to the database…');
      expect(there.stdout).toContain('3 image(s) moved (3 copied, 0 already there from an earlier run); none left');
      expect(there.status).toBe(0);
      expect(await contents(filesImageStore(dataDir))).toEqual(new Map());

      const back = run(['--to', 'files'], dataDir);
      expect(back.stdout).toContain('3 image(s) moved');
      expect(back.status).toBe(0);
      expect(await contents(filesImageStore(dataDir))).toEqual(images);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
