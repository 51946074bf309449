/**
 * Superset's chart fields the charts table lacked: certification (who certified it, and the
 * details shown beside the badge) and management by an external tool (a chart created by a
 * sync from elsewhere is read-only here, with a link back). Frozen: later changes are new
 * migrations.
 */
import { DataTypes, type QueryInterface } from 'sequelize';

type Migration = { context: QueryInterface };

export async function up({ context: qi }: Migration) {
  await qi.addColumn('charts', 'certified_by', { type: DataTypes.TEXT, allowNull: true });
  await qi.addColumn('charts', 'certification_details', { type: DataTypes.TEXT, allowNull: true });
  await qi.addColumn('charts', 'is_managed_externally', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
  await qi.addColumn('charts', 'external_url', { type: DataTypes.TEXT, allowNull: true });
}

export async function down({ context: qi }: Migration) {
  await qi.removeColumn('charts', 'external_url');
  await qi.removeColumn('charts', 'is_managed_externally');
  await qi.removeColumn('charts', 'certification_details');
  await qi.removeColumn('charts', 'certified_by');
}
