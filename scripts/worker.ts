/**
 * npm run worker -- [--concurrency N]
 * A process that runs background jobs (async SQL Lab queries) beside the web processes. With a
 * PostgreSQL metadata store (DATABASE_URL), every worker and web process shares the queue in it
 * (pg-boss); with SQLite, a worker on the same file finds pending async queries when it starts
 * and every 15 s after. The web process migrates the schema at start: start it (or
 * `npm run db:migrate`) before workers; a worker refuses an unmigrated store.
 * SIGINT/SIGTERM stop taking jobs and let running ones finish (up to a grace period).
 */
import { createMigrator, describeConnectionError } from '../db/index';
import { closeStore, store } from '../app/server/db.server';
import { closeAllPools } from '../app/server/engines/pools.server';
import { configureSqliteFiles } from '../app/server/engines/sqlite/file-policy.server';
import { env } from '../app/server/env.server';
import { startBackgroundWork, stopBackgroundWork } from '../app/server/jobs/worker.server';
import { closeResultsStore } from '../app/server/sqllab/results-backend.server';
import { parseFlags } from './cli';

const USAGE = 'npm run worker -- [--concurrency N]';

function fail(message: string): never {
  console.error(`worker: ${message}`);
  process.exit(1);
}

function concurrencyFrom(argv: string[]): number {
  const flags = parseFlags(argv, ['concurrency'], USAGE);
  if (flags.concurrency === undefined) return env().WORKER_CONCURRENCY;
  const n = Number(flags.concurrency);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`--concurrency must be a whole number from 1 to 64\nusage: ${USAGE}`);
  return n;
}

let concurrency = 1;
try {
  concurrency = concurrencyFrom(process.argv.slice(2));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
try {
  await store().sequelize.authenticate();
} catch (error) {
  fail(describeConnectionError(env().databaseUrl, error));
}
// Workers never migrate (two processes migrating at once could collide): they wait for the web's.
const pending = await createMigrator(store().sequelize).pending();
if (pending.length > 0) {
  fail(`the metadata store lacks ${pending.length} migration(s) (${pending.map((m) => m.name).join(', ')}): start the web process or run npm run db:migrate first`);
}

// The same SQLite files as the web process may open, and no others (bootstrap does this there).
configureSqliteFiles({ dataDirs: env().sqliteDataDirs, examplesUrl: env().examplesUrl, metadataUrl: env().databaseUrl });

// The web process has its HTTP server to stay alive; a worker has only its (unref'd) timers.
const keepAlive = setInterval(() => {}, 1 << 30);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  clearInterval(keepAlive);
  console.log(`worker: ${signal}: finishing running jobs ...`);
  await stopBackgroundWork().catch(() => {});
  await closeResultsStore().catch(() => {});
  await closeAllPools().catch(() => {});
  await closeStore().catch(() => {});
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));

try {
  console.log(`worker: starting (pid ${process.pid})`);
  await startBackgroundWork({ worker: true, concurrency, log: (m) => console.log(`worker: ${m}`) });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
