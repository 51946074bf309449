/**
 * Fresh databases on this machine's real servers, one per test run, dropped afterwards. When
 * CI=true an unreachable server fails the run; elsewhere the caller may skip with a reason.
 */
import crypto from 'node:crypto';
import pg from 'pg';

export const POSTGRES_ADMIN_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

export type TempDatabase = { url: string; name: string; drop(): Promise<void> };

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function createTempPostgresDatabase(prefix = 'sightline_test'): Promise<TempDatabase> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: `postgresql://postgres@127.0.0.1:5432/${name}`,
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Whether tests needing a server should fail (CI) rather than skip when it is down. */
export const mustHaveServices = process.env.CI === 'true';
