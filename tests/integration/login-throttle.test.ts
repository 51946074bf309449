/**
 * The login throttle on the SQLite metadata store (issue 8, finding 5); the same cases run on
 * PostgreSQL in login-throttle-postgres.test.ts.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { startApp, type AppUnderTest } from '../helpers/app-under-test';
import { defineLoginThrottleCases } from '../helpers/login-throttle-cases';

describe('login throttle on SQLite', () => {
  let app: AppUnderTest | undefined;
  beforeAll(async () => {
    app = await startApp();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
  });

  defineLoginThrottleCases(() => {
    if (!app) throw new Error('the app did not start');
    return app;
  });
});
