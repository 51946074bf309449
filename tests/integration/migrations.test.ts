import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sequelize } from 'sequelize';
import { createMigrator, createSequelize } from '../../db/index';
import { createTempPostgresDatabase, mustHaveServices, postgresReachable, type TempDatabase } from '../helpers/databases';

const EXPECTED_TABLES = [
  'annotation', 'annotation_layer', 'cache_entries', 'chart_owners', 'charts', 'css_templates', 'dashboard_charts', 'dashboard_owners', 'dashboard_roles', 'dashboards', 'databases', 'dataset_owners',
  'datasets', 'favorites', 'filter_sets', 'key_value', 'login_attempts', 'permissions', 'queries', 'query_results', 'rls_filter_roles', 'rls_filter_tables', 'role_permissions',
  'roles', 'row_level_security_filters', 'saved_queries', 'sql_metrics', 'tab_state', 'table_columns', 'table_schema', 'user_roles', 'users',
];

async function tables(sequelize: Sequelize): Promise<string[]> {
  const names = (await sequelize.getQueryInterface().showAllTables()) as unknown[];
  return names
    .map((t) => (typeof t === 'string' ? t : (t as { tableName: string }).tableName))
    .filter((t) => t !== 'schema_migrations' && t !== 'sqlite_sequence')
    .sort();
}

function migrationRoundTrip(openStore: () => Promise<{ sequelize: Sequelize; cleanup(): Promise<void> }>) {
  let sequelize: Sequelize;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ sequelize, cleanup } = await openStore());
  });
  afterAll(async () => {
    await sequelize?.close();
    await cleanup?.();
  });

  it('creates every table, reverts them all, and applies again', async () => {
    const migrator = createMigrator(sequelize);
    expect((await migrator.up()).map((m) => m.name)).toEqual(['0001-initial', '0002-cache-and-key-value', '0003-sqllab', '0004-dataset-columns', '0005-alpha-reads-databases', '0006-login-attempts', '0007-dataset-fields-metrics-rls', '0008-annotation-layers', '0009-chart-certification', '0010-dashboard-certification-roles', '0011-css-templates', '0012-filter-sets']);
    expect(await tables(sequelize)).toEqual(EXPECTED_TABLES);
    expect(await migrator.pending()).toEqual([]);
    await migrator.down({ to: 0 });
    expect(await tables(sequelize)).toEqual([]);
    await migrator.up();
    expect(await tables(sequelize)).toEqual(EXPECTED_TABLES);
  });

  it('indexes every foreign key column', async () => {
    const qi = sequelize.getQueryInterface();
    let checked = 0;
    for (const table of EXPECTED_TABLES) {
      const refs = (await qi.getForeignKeyReferencesForTable(table)) as { columnName: string }[];
      const indexes = (await qi.showIndex(table)) as { fields: { attribute: string }[] }[];
      for (const ref of refs) {
        const covered = indexes.some((ix) => ix.fields[0]?.attribute === ref.columnName);
        expect(covered, `${table}.${ref.columnName} has an index`).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });
}

describe('migrations on SQLite', () => {
  migrationRoundTrip(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-migrate-'));
    return {
      sequelize: createSequelize(`sqlite:${path.join(dir, 'meta.sqlite')}`),
      cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  });
});

const pgUp = await postgresReachable();
if (!pgUp && mustHaveServices) throw new Error('PostgreSQL at 127.0.0.1:5432 is unreachable and CI=true');

describe.skipIf(!pgUp)('migrations on PostgreSQL (skipped only outside CI when PostgreSQL is down)', () => {
  let db: TempDatabase;
  migrationRoundTrip(async () => {
    db = await createTempPostgresDatabase();
    return { sequelize: createSequelize(db.url), cleanup: () => db.drop() };
  });
});
