/**
 * Superset's dashboard fields the dashboards table lacked: certification (who certified it, and
 * the details shown beside the badge), and the roles of role-based dashboard access (Superset's
 * DASHBOARD_RBAC: a published dashboard with roles is open to those roles only; one without roles
 * to whoever may see its data). Frozen: later changes are new migrations.
 */
import { DataTypes, type QueryInterface } from 'sequelize';

type Migration = { context: QueryInterface };

export async function up({ context: qi }: Migration) {
  await qi.addColumn('dashboards', 'certified_by', { type: DataTypes.TEXT, allowNull: true });
  await qi.addColumn('dashboards', 'certification_details', { type: DataTypes.TEXT, allowNull: true });
  await qi.createTable('dashboard_roles', {
    dashboard_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'dashboards', key: 'id' }, onDelete: 'CASCADE' },
    role_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'roles', key: 'id' }, onDelete: 'CASCADE' },
  });
  // The primary key's first column covers dashboard_id; role_id needs its own.
  await qi.addIndex('dashboard_roles', ['role_id']);
}

export async function down({ context: qi }: Migration) {
  await qi.dropTable('dashboard_roles');
  await qi.removeColumn('dashboards', 'certification_details');
  await qi.removeColumn('dashboards', 'certified_by');
}
