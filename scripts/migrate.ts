/**
 * npm run db:migrate [-- up | down [--to NAME|--all] | status]
 * Runs the metadata store's migrations against DATABASE_URL (default: the embedded SQLite file).
 */
import { createMigrator, createSequelize, describeConnectionError, redact } from '../db/index';
import { env } from '../app/server/env.server';
import { parseFlags, runScript } from './cli';

const USAGE = 'npm run db:migrate -- [up | down [--to NAME | --all] | status]';

await runScript('db:migrate', async () => {
  const [command = 'up', ...rest] = process.argv.slice(2);
  const flags = parseFlags(rest, ['to', 'all'], USAGE);
  if (!['up', 'down', 'status'].includes(command)) throw new Error(`unknown command "${command}"\nusage: ${USAGE}`);
  const url = env().databaseUrl;
  const sequelize = createSequelize(url);
  try {
    await sequelize.authenticate();
  } catch (error) {
    throw new Error(describeConnectionError(url, error));
  }
  console.log(`metadata database: ${redact(url)}`);
  const migrator = createMigrator(sequelize, console.log);
  try {
    if (command === 'status') {
      const executed = await migrator.executed();
      const pending = await migrator.pending();
      for (const m of executed) console.log(`  applied  ${m.name}`);
      for (const m of pending) console.log(`  pending  ${m.name}`);
      console.log(`${executed.length} applied, ${pending.length} pending`);
    } else if (command === 'up') {
      const applied = await migrator.up();
      console.log(applied.length ? `applied ${applied.length} migration(s)` : 'schema is up to date');
    } else {
      const options = flags.all ? { to: 0 as const } : typeof flags.to === 'string' ? { to: flags.to } : undefined;
      const reverted = await migrator.down(options);
      console.log(reverted.length ? `reverted ${reverted.length} migration(s)` : 'nothing to revert');
    }
  } finally {
    await sequelize.close();
  }
});
