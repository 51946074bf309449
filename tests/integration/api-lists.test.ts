/** The generic list API on the default metadata store, SQLite (the cases: tests/helpers/list-api-cases.ts). */
import { afterAll, beforeAll } from 'vitest';
import { startApp, type AppUnderTest } from '../helpers/app-under-test';
import { defineListApiCases } from '../helpers/list-api-cases';

let app: AppUnderTest | undefined;

beforeAll(async () => {
  app = await startApp();
}, 180_000);
afterAll(async () => {
  await app?.close();
});

defineListApiCases(() => {
  if (!app) throw new Error('the app did not start');
  return app;
});
