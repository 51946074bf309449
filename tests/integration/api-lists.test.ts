/** The generic list API on the default metadata store, SQLite (the cases: tests/helpers/list-api-cases.ts). */
import { defineListApiCases } from '../helpers/list-api-cases';
import { describeOnSqliteStore } from '../helpers/store-suites';

describeOnSqliteStore('list API', defineListApiCases);
