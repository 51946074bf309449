import { Umzug, SequelizeStorage } from 'umzug';
import type { QueryInterface, Sequelize } from 'sequelize';
import { migrations } from '../migrations/index';

export type MigrationLogger = (message: string) => void;

export function createMigrator(sequelize: Sequelize, log: MigrationLogger = () => {}) {
  return new Umzug<QueryInterface>({
    migrations: migrations.map((m) => ({
      name: m.name,
      up: async ({ context }) => {
        log(`migrating ${m.name} ...`);
        await m.up({ context });
        log(`migrated  ${m.name}`);
      },
      down: async ({ context }) => {
        log(`reverting ${m.name} ...`);
        await m.down({ context });
        log(`reverted  ${m.name}`);
      },
    })),
    context: sequelize.getQueryInterface(),
    storage: new SequelizeStorage({ sequelize, tableName: 'schema_migrations' }),
    logger: undefined,
  });
}
