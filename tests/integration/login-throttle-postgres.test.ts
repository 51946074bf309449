/**
 * The login throttle with PostgreSQL as the metadata store: the same cases as
 * login-throttle.test.ts, so the atomic count holds on both stores.
 */
import { defineLoginThrottleCases } from '../helpers/login-throttle-cases';
import { describeOnPostgresStore } from '../helpers/store-suites';

await describeOnPostgresStore('login throttle', defineLoginThrottleCases);
