/**
 * Filter sets (Superset's `filter_sets`, dashboards.md §3 and §7): a named data mask saved on a
 * dashboard, owned either by the dashboard (shared with everyone who sees it) or by one user
 * (private). `owner_id` is generic as in Superset (a dashboard id or a user id, by `owner_type`),
 * so it has no foreign key; the dashboard does, and its sets go with it. A name is unique per
 * owner on a dashboard, rather than across the whole install as Superset's column is. Frozen:
 * later changes are new migrations.
 */
import { DataTypes, type QueryInterface } from 'sequelize';

type Migration = { context: QueryInterface };

const userRef = { type: DataTypes.INTEGER, allowNull: true, references: { model: 'users', key: 'id' }, onDelete: 'SET NULL' } as const;

export async function up({ context: qi }: Migration) {
  await qi.createTable('filter_sets', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    uuid: { type: DataTypes.STRING(36), allowNull: false, unique: true },
    name: { type: DataTypes.STRING(500), allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: true },
    json_metadata: { type: DataTypes.TEXT, allowNull: false },
    owner_id: { type: DataTypes.INTEGER, allowNull: false },
    owner_type: { type: DataTypes.STRING(255), allowNull: false },
    dashboard_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'dashboards', key: 'id' }, onDelete: 'CASCADE' },
    created_on: { type: DataTypes.DATE, allowNull: false },
    changed_on: { type: DataTypes.DATE, allowNull: false },
    created_by_fk: userRef,
    changed_by_fk: userRef,
  });
  // Its first column covers the dashboard's foreign key, which every lookup starts from.
  await qi.addIndex('filter_sets', ['dashboard_id', 'owner_type', 'owner_id', 'name'], { unique: true, name: 'filter_sets_owner_name' });
  await qi.addIndex('filter_sets', ['created_by_fk']);
  await qi.addIndex('filter_sets', ['changed_by_fk']);
}

export async function down({ context: qi }: Migration) {
  await qi.dropTable('filter_sets');
}
