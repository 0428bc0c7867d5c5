/**
 * npm run seed [-- --orders N --products N --agents N]
 *
 * Fills an empty marketplace (the database the server uses: DATA_DIR or DATABASE_URL) with demo
 * users, products, orders and alerts, creating the first admin as the server would. A database
 * that already has products, orders or demo accounts is left as it is.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/connection';
import { DataDirLockedError } from './db/data-dir-lock';
import { ensureFirstAdmin, type FirstAdminResult, firstAdminSignIn } from './first-admin';
import { ALREADY_SEEDED_MESSAGE, DEFAULT_SEED_COUNTS, type DemoSignIn, seedMarketplace } from './seed/seed-marketplace';
import { openImageStore } from './uploads/store';

const USAGE = `Usage: npm run seed [-- --orders N] [--products N] [--agents N]

Fills an empty marketplace with demo data (default ${DEFAULT_SEED_COUNTS.products} products, ${DEFAULT_SEED_COUNTS.orders} orders, ${DEFAULT_SEED_COUNTS.agents} agents).
Uses the server's settings: DATA_DIR (embedded database) or DATABASE_URL, IMAGE_STORE for where
the images go, ADMIN_EMAIL / ADMIN_PASSWORD for the first admin. Run it while the server
is stopped when it uses the embedded database.`;

class UsageError extends Error {}

function readCount(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) {
    throw new UsageError(`--${name} must be a whole number of at least ${min}, not "${value}".`);
  }
  return n;
}

function parseCommandLine(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      orders: { type: 'string' },
      products: { type: 'string' },
      agents: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  return {
    help: values.help === true,
    orders: readCount('orders', values.orders, 0),
    products: readCount('products', values.products, 1),
    agents: readCount('agents', values.agents, 1),
  };
}

function printSignIns(signIns: DemoSignIn[], password: string): void {
  // Many agents: the first few, then the range.
  const agents = signIns.filter((s) => s.role === 'agent' && s.status === 'approved');
  const shown = signIns.filter((s) => !(s.role === 'agent' && s.status === 'approved') || agents.indexOf(s) < 5);
  const rows = [['role', 'status', 'email', 'name'], ...shown.map((s) => [s.role, s.status, s.email, s.name])];
  const widths = [0, 1, 2].map((col) => Math.max(...rows.map((r) => (r[col] ?? '').length)));
  console.log(`\nDemo sign-ins (password for all: ${password}):`);
  for (const row of rows)
    console.log(`  ${row.map((cell, col) => cell.padEnd(widths[col] ?? 0)).join('  ')}`.trimEnd());
  if (agents.length > 5) {
    console.log(`  … and ${agents[5]?.email} to ${agents[agents.length - 1]?.email}, approved agents too.`);
  }
  console.log('  (pending accounts cannot sign in until an admin approves them)');
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseCommandLine>;
  try {
    args = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }

  const config = loadConfig();
  const started = performance.now();
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `A server (pid ${error.pid}) is running on the data folder ${error.dataDir}. ` +
          'Stop it and run the seed again, or seed before starting the server.',
      );
      return 1;
    }
    throw error;
  }

  // Stop between batches: the transaction rolls back and the drawn images are removed.
  const stop = new AbortController();
  const interrupt = (signal: NodeJS.Signals) => {
    if (stop.signal.aborted) process.exit(130);
    console.error(`\n${signal} received: stopping (again to quit at once).`);
    stop.abort();
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);

  // Created before seeding, as the server would, so its sign-in is printed even if the seed
  // then fails or is interrupted.
  let admin: FirstAdminResult = { created: false };
  const printAdmin = (existingEmail: string | null) => {
    if (admin.created) {
      for (const line of firstAdminSignIn(admin)) console.log(line);
    } else if (existingEmail) {
      console.log(`Admin sign-in: ${existingEmail} (an existing account; its password is unchanged)`);
    }
  };
  try {
    console.log(
      `Seeding ${database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'the PostgreSQL database of DATABASE_URL'}…`,
    );
    await database.migrate();
    admin = await ensureFirstAdmin(database.db, {
      email: config.adminEmail,
      password: config.adminPassword,
      dataDir: config.dataDir,
    });
    const opened = performance.now();
    const result = await seedMarketplace({
      db: database.db,
      dataDir: config.dataDir,
      images: openImageStore(config.imageStore, { dataDir: config.dataDir, db: database.db }),
      products: args.products,
      orders: args.orders,
      agents: args.agents,
      onProgress: (message) => console.log(message),
      signal: stop.signal,
    });
    if (!result.seeded) {
      console.log(ALREADY_SEEDED_MESSAGE);
      printAdmin(null);
      return 0;
    }
    const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
    const c = result.counts;
    console.log(
      `Seeded in ${seconds(opened)} s (${seconds(started)} s with opening and migrating the database): ` +
        `${c.users} users, ${c.products} products, ${c.orders.toLocaleString('en-US')} orders (${c.orderEvents.toLocaleString('en-US')} events in their history), ` +
        `${c.alerts} alerts, ${c.images} images.`,
    );
    printSignIns(result.signIns, result.password);
    printAdmin(result.adminEmail);
    return 0;
  } catch (error) {
    printAdmin(null);
    if (!stop.signal.aborted) throw error;
    console.error('Interrupted: nothing was seeded.');
    return 130;
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof RangeError) console.error(error.message);
    else console.error('The seed failed; nothing was seeded:', error);
    process.exit(1);
  },
);
