/**
 * The generic list API with PostgreSQL as the metadata store: the same cases as api-lists.test.ts,
 * so both stores answer alike (case-insensitive matching, LIKE escapes, null ordering, subqueries).
 */
import { defineListApiCases } from '../helpers/list-api-cases';
import { describeOnPostgresStore } from '../helpers/store-suites';

await describeOnPostgresStore('list API', defineListApiCases);
