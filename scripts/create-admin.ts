/**
 * npm run create-admin -- --username NAME --password SECRET [--first-name F] [--last-name L] [--email E]
 * Creates a user with the Admin role in the metadata store at DATABASE_URL (migrated first).
 */
import { createMigrator, describeConnectionError } from '../db/index';
import { closeStore, models, store } from '../app/server/db.server';
import { env } from '../app/server/env.server';
import { seedRoles } from '../app/server/security/seed-roles.server';
import { createUser } from '../app/server/security/users.server';
import { parseFlags, runScript } from './cli';

const USAGE = 'npm run create-admin -- --username NAME --password SECRET [--first-name F] [--last-name L] [--email E]';

await runScript('create-admin', async () => {
  const flags = parseFlags(process.argv.slice(2), ['username', 'password', 'first-name', 'last-name', 'email'], USAGE);
  if (typeof flags.username !== 'string' || typeof flags.password !== 'string') {
    throw new Error(`--username and --password are required\nusage: ${USAGE}`);
  }
  try {
    await store().sequelize.authenticate();
  } catch (error) {
    throw new Error(describeConnectionError(env().databaseUrl, error));
  }
  try {
    await createMigrator(store().sequelize).up();
    await seedRoles(models());
    const user = await createUser({
      username: flags.username,
      password: flags.password,
      first_name: typeof flags['first-name'] === 'string' ? flags['first-name'] : 'Admin',
      last_name: typeof flags['last-name'] === 'string' ? flags['last-name'] : 'User',
      email: typeof flags.email === 'string' ? flags.email : '',
      roles: ['Admin'],
    });
    console.log(`created admin user "${user.username}" (id ${user.id})`);
  } catch (error) {
    if (error instanceof Response) throw new Error(((await error.json()) as { message: string }).message);
    throw error;
  } finally {
    await closeStore();
  }
});
