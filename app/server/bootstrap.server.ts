/**
 * Everything `npm start` makes sure of before serving: the schema is current, the built-in roles
 * exist, there is an admin, and the examples warehouse is built and registered. Each step
 * checks before it acts, so a second start does no work and takes seconds.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { createMigrator } from '../../db/index';
import { store, models } from './db.server';
import { env } from './env.server';
import { seedRoles } from './security/seed-roles.server';
import { createUser } from './security/users.server';
import { registerExampleDashboards } from './examples/dashboards.server';
import { registerExampleDatasets } from './examples/datasets.server';
import { loadExamples, sqliteWarehouseIsCurrent } from './examples/load.server';
import { configurePools } from './engines/pools.server';
import { configureSqliteFiles } from './engines/sqlite/file-policy.server';
import { databasePermissionView } from './access/database-access.server';

type Log = (message: string) => void;

export async function migrate(log: Log) {
  const pending = await createMigrator(store().sequelize, log).up();
  if (pending.length === 0) log('schema is up to date');
}

export async function ensureAdmin(log: Log) {
  const { User } = models();
  if ((await User.count()) > 0) return;
  const e = env();
  const generated = !e.ADMIN_PASSWORD;
  const password = e.ADMIN_PASSWORD ?? crypto.randomBytes(12).toString('base64url');
  await createUser({ username: 'admin', password, first_name: 'Admin', last_name: 'User', roles: ['Admin'] });
  if (generated) {
    const file = path.join(e.varDir, 'admin-password.txt');
    fs.mkdirSync(e.varDir, { recursive: true });
    fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
    fs.chmodSync(file, 0o600);
    log(`created the admin user "admin" with password: ${password}`);
    log(`(the password is also in ${file}, readable only by you)`);
  } else {
    log('created the admin user "admin" with the password from ADMIN_PASSWORD');
  }
}

function sqliteFileOf(url: string): string | null {
  if (url.startsWith('sqlite:////')) return url.slice('sqlite:///'.length);
  if (url.startsWith('sqlite:///')) return path.resolve(url.slice('sqlite:///'.length));
  if (url.startsWith('sqlite:')) return path.resolve(url.slice('sqlite:'.length));
  return null;
}

const SUPERSET_EXAMPLES_UUID = 'a2dc77af-e654-49bb-b321-40f6b559a1ee';

export async function ensureExamples(log: Log) {
  const e = env();
  if (e.LOAD_EXAMPLES === 'false') return;
  const file = sqliteFileOf(e.examplesUrl);
  // A file built by an older Sightline lacks the newer tables (its header records the table set it holds).
  if (file && !(await sqliteWarehouseIsCurrent(file))) {
    log(`${fs.existsSync(file) ? 'rebuilding the examples warehouse (its tables changed)' : 'building the examples warehouse'} at ${file} ...`);
    await loadExamples({ url: e.examplesUrl, onProgress: (m) => log(`  ${m}`) });
  }
  const { Database, Permission } = models();
  let examples = await Database.findOne({ where: { database_name: 'examples' } });
  if (!examples) {
    // Superset's uuid for its examples database, which exported datasets name, unless another database already has it.
    const taken = (await Database.count({ where: { uuid: SUPERSET_EXAMPLES_UUID } })) > 0;
    // The examples warehouse is a local SQLite file: its URL carries no password to encrypt.
    const record = await Database.create({
      ...(taken ? {} : { uuid: SUPERSET_EXAMPLES_UUID }),
      database_name: 'examples',
      sqlalchemy_uri: e.examplesUrl,
      expose_in_sqllab: true,
      allow_run_async: true,
      extra: JSON.stringify({ metadata_cache_timeout: {}, cost_estimate_enabled: true }),
    });
    // Like every database, it gets its own database_access permission for admins to grant.
    await Permission.findOrCreate({ where: { permission_name: 'database_access', view_name: databasePermissionView(record) } });
    log('registered the examples database');
    examples = record;
  }
  const added = await registerExampleDatasets(examples, log);
  if (added > 0) log(`registered ${added} example datasets`);
  const registered = await registerExampleDashboards(examples, log);
  if (registered.charts + registered.dashboards > 0) log(`registered ${registered.charts} example charts and ${registered.dashboards} example dashboards`);
}

export async function bootstrap(log: Log = console.log) {
  configurePools({ connectTimeoutMs: env().ENGINE_CONNECT_TIMEOUT_MS, maxConnections: env().ENGINE_POOL_MAX_CONNECTIONS ?? null });
  configureSqliteFiles({ dataDirs: env().sqliteDataDirs, examplesUrl: env().examplesUrl, metadataUrl: env().databaseUrl });
  await migrate(log);
  await seedRoles(models(), log);
  await ensureAdmin(log);
  await ensureExamples(log);
}
