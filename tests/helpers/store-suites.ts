/**
 * One set of app-level cases run against a metadata store: the default SQLite file, or a fresh
 * PostgreSQL database dropped afterwards. `defineCases` receives a getter for the running app.
 * With CI=true an unreachable PostgreSQL fails the run; elsewhere its suite is skipped, saying why.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startApp, type AppUnderTest } from './app-under-test';
import { createTempPostgresDatabase, mustHaveServices, POSTGRES_ADMIN_URL, postgresReachable, type TempDatabase } from './databases';

type DefineCases = (app: () => AppUnderTest) => void;

function withApp(start: () => Promise<{ app: AppUnderTest; cleanup?: () => Promise<void> }>, defineCases: DefineCases) {
  let app: AppUnderTest | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ app, cleanup } = await start());
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await cleanup?.();
  });
  defineCases(() => {
    if (!app) throw new Error('the app did not start');
    return app;
  });
}

export function describeOnSqliteStore(name: string, defineCases: DefineCases): void {
  describe(`${name} on SQLite`, () => withApp(async () => ({ app: await startApp() }), defineCases));
}

export async function describeOnPostgresStore(name: string, defineCases: DefineCases): Promise<void> {
  const reachable = await postgresReachable();
  if (!reachable && mustHaveServices) {
    throw new Error(`PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL}, and CI=true: start it (see .ci/run) rather than skipping these tests.`);
  }
  if (!reachable) {
    describe(`${name} on PostgreSQL`, () => {
      it.skip(`skipped: PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} (with CI=true this fails instead)`, () => {});
    });
    return;
  }
  describe(`${name} on PostgreSQL`, () =>
    withApp(async () => {
      const database: TempDatabase = await createTempPostgresDatabase('sightline_test');
      return { app: await startApp({ databaseUrl: database.url }), cleanup: () => database.drop() };
    }, defineCases),
  );
}
