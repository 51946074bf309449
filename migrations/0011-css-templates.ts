/**
 * CSS templates (Superset's `css_templates`): named snippets of CSS that the dashboard CSS editor
 * offers to load. Shared by everyone who may read them; no owners. The name is not unique, as in
 * Superset. Frozen: later changes are new migrations.
 */
import { DataTypes, type QueryInterface } from 'sequelize';

type Migration = { context: QueryInterface };

const userRef = { type: DataTypes.INTEGER, allowNull: true, references: { model: 'users', key: 'id' }, onDelete: 'SET NULL' } as const;

export async function up({ context: qi }: Migration) {
  await qi.createTable('css_templates', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    uuid: { type: DataTypes.STRING(36), allowNull: false, unique: true },
    template_name: { type: DataTypes.STRING(250), allowNull: true },
    css: { type: DataTypes.TEXT, allowNull: true },
    created_on: { type: DataTypes.DATE, allowNull: false },
    changed_on: { type: DataTypes.DATE, allowNull: false },
    created_by_fk: userRef,
    changed_by_fk: userRef,
  });
  // The list is ordered and filtered by name.
  await qi.addIndex('css_templates', ['template_name']);
  await qi.addIndex('css_templates', ['created_by_fk']);
  await qi.addIndex('css_templates', ['changed_by_fk']);
}

export async function down({ context: qi }: Migration) {
  await qi.dropTable('css_templates');
}
