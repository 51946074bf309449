/**
 * A fresh, migrated metadata store for tests that call domain functions directly. Sets the
 * environment before any app module reads it, so import app modules dynamically after this.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export async function useTempStore(options: { databaseUrl?: string } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-store-'));
  process.env.VAR_DIR = dir;
  process.env.DATABASE_URL = options.databaseUrl ?? `sqlite:${path.join(dir, 'meta.sqlite')}`;
  process.env.LOAD_EXAMPLES = 'false';
  process.env.SECRET_KEY = 'test-secret-key-'.padEnd(40, 'x');
  process.env.NODE_ENV = 'test';
  const { createMigrator } = await import('../../db/index');
  const { store, models, closeStore } = await import('../../app/server/db.server');
  const { seedRoles } = await import('../../app/server/security/seed-roles.server');
  await createMigrator(store().sequelize).up();
  await seedRoles(models());
  return {
    dir,
    models,
    async close() {
      await closeStore();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
