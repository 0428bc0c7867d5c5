/**
 * Starts the API: reads the environment, opens and migrates the database, creates the first
 * admin on an empty one, listens. SIGTERM / SIGINT close the server and the database (which
 * releases the DATA_DIR lock) and exit 0; with DRAIN_SECONDS, on SIGTERM the health check fails
 * that long first, so a load balancer stops sending requests before the server closes (http/drain.ts).
 */

import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { fillCanonicalKeys } from './db/canonical-keys';
import { type DatabaseHandle, migratePostgres, openDatabase } from './db/connection';
import { DataDirLockedError } from './db/data-dir-lock';
import { type Maintenance, maintainDatabase, scheduleMaintenance } from './db/maintenance';
import { ensureFirstAdmin, firstAdminSignIn } from './first-admin';
import { type Drain, drainOnStop } from './http/drain';
import { loadOrCreateVapidKeys } from './push/vapid';
import { deleteUnusedUploads, placeUploadFiles } from './uploads/housekeeping';
import { deleteStaleResumableUploads } from './uploads/resumable';
import { hashAllOldScreenshots, hashOldScreenshots } from './uploads/screenshot-look';
import { appImageStore } from './uploads/store';

async function main(): Promise<void> {
  const config = loadConfig();
  const database: DatabaseHandle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.databaseTimeouts,
  });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let maintenance: Maintenance | undefined;
  let drain: Drain | undefined;
  let hashing: Promise<void> | undefined;

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down.`);
    try {
      // SIGTERM is how a deployment stops one process of several; Ctrl+C (SIGINT) stops at once
      if (signal === 'SIGTERM' && drain && config.drainSeconds > 0) {
        drain.start();
        console.log(`Health check failing for ${config.drainSeconds} s so the load balancer moves on.`);
        await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
      }
      await app?.close();
      await maintenance?.stop();
      await hashing;
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  try {
    // the role that owns the tables migrates when it is not the API's own (docs/scaling.md, Database roles)
    if (config.migrationDatabaseUrl) await migratePostgres(config.migrationDatabaseUrl);
    else await database.migrate();
    // PGlite has no autovacuum (db/maintenance.ts): up-to-date statistics before the first request
    await maintainDatabase(database);
    // images whose row's privacy changed (a migration, a move a crash interrupted)
    const images = appImageStore(config.imageStore, { dataDir: config.dataDir, db: database.db });
    const placed = await placeUploadFiles(database.db, images);
    if (placed.moved > 0) console.log(`Moved ${placed.moved} image(s) to the place their privacy names.`);
    const admin = await ensureFirstAdmin(database.db, {
      email: config.adminEmail,
      password: config.adminPassword,
      dataDir: config.dataDir,
    });
    for (const line of firstAdminSignIn(admin)) console.log(line);
    app = await buildApp({
      db: database,
      dataDir: config.dataDir,
      jwtSecret: config.jwtSecret,
      tokenTtlSeconds: config.tokenTtlSeconds,
      appOrigins: config.appOrigins,
      rateLimits: config.rateLimits,
      logger: { level: config.logLevel },
      trustProxy: config.trustProxy,
      publicUrl: config.publicUrl,
      imageStore: config.imageStore,
      firebaseBucket: config.firebaseBucket,
      shellUrl: config.shellUrl,
      mail: config.mail,
      push: {
        vapid: config.push.vapid ?? loadOrCreateVapidKeys(config.dataDir, config.push.subject),
        allowPrefixes: config.push.allowPrefixes,
        deliver: true,
      },
      ...(config.redisUrl && { redis: { url: config.redisUrl } }),
    });
    drain = drainOnStop(app);
    await app.listen({ port: config.port, host: config.host });
    const log = app.log;
    // In the background: order screenshots without a hash (from before the fraud signals, or
    // cleared by a migration), a batch at a time, stopping with the API.
    hashing = hashAllOldScreenshots(database.db, images, { stopped: () => stopping }).then(
      (counts) => {
        if (counts.hashed + counts.withoutHash > 0) log.info(counts, 'hashed order screenshots without a hash');
      },
      (error: unknown) => {
        if (!stopping) log.error({ err: error }, 'hashing order screenshots failed');
      },
    );
    maintenance = scheduleMaintenance(
      database,
      config.maintenanceMinutes,
      (error) => log.error({ err: error }, 'Database maintenance failed'),
      [
        {
          run: async () => {
            const { deleted } = await deleteUnusedUploads(database.db, images);
            if (deleted > 0) log.info({ deleted }, 'deleted unused uploads');
          },
          onError: (error) => log.error({ err: error }, 'deleting unused uploads failed'),
        },
        {
          // uploads that resume, finished or not, a day after they started (docs/domain.md, Images)
          run: async () => {
            const { deleted } = await deleteStaleResumableUploads(database.db);
            if (deleted > 0) log.info({ deleted }, 'deleted partial uploads older than a day');
          },
          onError: (error) => log.error({ err: error }, 'deleting partial uploads failed'),
        },
        {
          // rows a process of an older version wrote without their canonical keys
          run: async () => {
            const filled = await fillCanonicalKeys(database.db);
            if (filled.orders + filled.payouts > 0) log.info(filled, 'gave rows their canonical keys');
          },
          onError: (error) => log.error({ err: error }, 'filling canonical keys failed'),
        },
        {
          run: async () => {
            const counts = await hashOldScreenshots(database.db, images);
            if (counts.hashed + counts.withoutHash > 0) log.info(counts, 'hashed order screenshots without a hash');
          },
          onError: (error) => log.error({ err: error }, 'hashing old order screenshots failed'),
        },
      ],
    );
  } catch (error) {
    await app?.close();
    await database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = ['localhost', '127.0.0.1', '::1', '0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  console.log(`API listening on http://${host}:${port}`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The API server could not start:', error);
  }
  process.exit(1);
});
