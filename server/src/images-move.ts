/**
 * npm run images:move -- --to postgres|files
 *
 * Moves every uploaded image from the other store to the one named (uploads/move.ts): from the
 * data folder into the database, or back. Uses the server's settings (DATA_DIR, DATABASE_URL).
 * Safe to run again after an interruption; running API processes keep serving every image
 * meanwhile, as each reads the other store for an image its own lacks (uploads/store.ts).
 */
import { parseArgs } from 'node:util';
import { ConfigError, IMAGE_STORE_KINDS, type ImageStoreKind, loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/connection';
import { DataDirLockedError } from './db/data-dir-lock';
import { ImageMoveError, type MoveCounts, moveImages } from './uploads/move';
import { openImageStore } from './uploads/store';

const USAGE = `Usage: npm run images:move -- --to postgres|files

Moves every uploaded image into the store named: postgres (the database of DATABASE_URL, or the
embedded one in DATA_DIR) or files (DATA_DIR/uploads and DATA_DIR/private). Each image is copied,
checked, and only then removed from the other store; run it again after an interruption.
Then start the API with IMAGE_STORE set to the same value.`;

class UsageError extends Error {}

const STORE_NAMES: Record<ImageStoreKind, string> = {
  files: 'the data folder',
  postgres: 'the database',
};

function parseCommandLine(argv: string[]): { to: ImageStoreKind } | { help: true } {
  const { values } = parseArgs({
    args: argv,
    options: { to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return { help: true };
  const to = IMAGE_STORE_KINDS.find((kind) => kind === values.to);
  if (!to) throw new UsageError(`--to must be "postgres" or "files", not ${values.to ? `"${values.to}"` : 'missing'}.`);
  return { to };
}

const summary = (c: MoveCounts) =>
  `${c.removed} image(s) moved (${c.copied} copied, ${c.alreadyThere} already there from an earlier run)`;

async function main(): Promise<number> {
  let args: ReturnType<typeof parseCommandLine>;
  try {
    args = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if ('help' in args) {
    console.log(USAGE);
    return 0;
  }

  const config = loadConfig();
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `A server (pid ${error.pid}) is running on the data folder ${error.dataDir}. Stop it and move the images again.`,
      );
      return 1;
    }
    throw error;
  }
  try {
    await database.migrate();
    const where = { dataDir: config.dataDir, db: database.db };
    const fromKind: ImageStoreKind = args.to === 'postgres' ? 'files' : 'postgres';
    console.log(`Moving images from ${STORE_NAMES[fromKind]} to ${STORE_NAMES[args.to]}…`);
    const counts = await moveImages(openImageStore(fromKind, where), openImageStore(args.to, where), {
      onProgress: (c) => {
        if (c.removed > 0 && c.removed % 1000 === 0) console.log(`  ${c.removed} moved…`);
      },
    });
    const left = await openImageStore(fromKind, where).list('', 1);
    console.log(`Done: ${summary(counts)}; ${left.length === 0 ? 'none' : 'some'} left in ${STORE_NAMES[fromKind]}.`);
    console.log(`Start the API with IMAGE_STORE=${args.to}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof ImageMoveError)) throw error;
    console.error(`${error.message}\nSo far: ${summary(error.counts)}. Run the move again to finish it.`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error('Moving the images failed (every image is still in one store or the other):', error);
    process.exit(1);
  },
);
