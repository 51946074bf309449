/**
 * The generic list API with PostgreSQL as the metadata store, on a fresh database dropped
 * afterwards: the same cases as api-lists.test.ts, so both stores answer alike (case-insensitive
 * matching, LIKE escapes, null ordering, subqueries). With CI=true an unreachable server fails
 * the run; elsewhere these tests are skipped, saying why.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startApp, type AppUnderTest } from '../helpers/app-under-test';
import { createTempPostgresDatabase, mustHaveServices, POSTGRES_ADMIN_URL, postgresReachable, type TempDatabase } from '../helpers/databases';
import { defineListApiCases } from '../helpers/list-api-cases';

const reachable = await postgresReachable();
if (!reachable && mustHaveServices) {
  throw new Error(`PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL}, and CI=true: start it (see .ci/run) rather than skipping these tests.`);
}

if (reachable) {
  describe('list API on PostgreSQL', () => {
    let database: TempDatabase | undefined;
    let app: AppUnderTest | undefined;

    beforeAll(async () => {
      database = await createTempPostgresDatabase('sightline_test');
      app = await startApp({ databaseUrl: database.url });
    }, 180_000);
    afterAll(async () => {
      await app?.close();
      await database?.drop();
    });

    defineListApiCases(() => {
      if (!app) throw new Error('the app did not start');
      return app;
    });
  });
} else {
  describe('list API on PostgreSQL', () => {
    it.skip(`skipped: PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} (with CI=true this fails instead)`, () => {});
  });
}
