/**
 * The login throttle on the SQLite metadata store (issue 8, finding 5); the same cases run on
 * PostgreSQL in login-throttle-postgres.test.ts.
 */
import { defineLoginThrottleCases } from '../helpers/login-throttle-cases';
import { describeOnSqliteStore } from '../helpers/store-suites';

describeOnSqliteStore('login throttle', defineLoginThrottleCases);
