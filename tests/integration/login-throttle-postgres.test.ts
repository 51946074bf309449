/**
 * The login throttle with PostgreSQL as the metadata store, on a fresh database dropped
 * afterwards: the same cases as login-throttle.test.ts, so the atomic count holds on both
 * stores. With CI=true an unreachable server fails the run; elsewhere these tests are skipped.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startApp, type AppUnderTest } from '../helpers/app-under-test';
import { createTempPostgresDatabase, mustHaveServices, POSTGRES_ADMIN_URL, postgresReachable, type TempDatabase } from '../helpers/databases';
import { defineLoginThrottleCases } from '../helpers/login-throttle-cases';

const reachable = await postgresReachable();
if (!reachable && mustHaveServices) {
  throw new Error(`PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL}, and CI=true: start it (see .ci/run) rather than skipping these tests.`);
}

if (reachable) {
  describe('login throttle on PostgreSQL', () => {
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

    defineLoginThrottleCases(() => {
      if (!app) throw new Error('the app did not start');
      return app;
    });
  });
} else {
  describe('login throttle on PostgreSQL', () => {
    it.skip(`skipped: PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} (with CI=true this fails instead)`, () => {});
  });
}
