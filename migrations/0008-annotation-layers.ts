/**
 * Annotation layers and their annotations (Superset's `annotation_layer` and `annotation`):
 * named sets of time ranges with a label that charts draw over their data (NATIVE annotation
 * layers in Explore). Annotations go with their layer (ON DELETE CASCADE), though the API
 * refuses to delete a layer that still has some, as Superset does. Frozen: later changes are
 * new migrations.
 */
import { DataTypes, type QueryInterface } from 'sequelize';

type Migration = { context: QueryInterface };

const id = { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false };
const userRef = { type: DataTypes.INTEGER, allowNull: true, references: { model: 'users', key: 'id' }, onDelete: 'SET NULL' } as const;
const audit = {
  created_on: { type: DataTypes.DATE, allowNull: false },
  changed_on: { type: DataTypes.DATE, allowNull: false },
  created_by_fk: userRef,
  changed_by_fk: userRef,
};

export async function up({ context: qi }: Migration) {
  await qi.createTable('annotation_layer', {
    id,
    // Superset checks the name is free in its commands only; the unique index makes two concurrent creates agree.
    name: { type: DataTypes.STRING(250), allowNull: false, unique: true },
    descr: { type: DataTypes.TEXT, allowNull: true },
    ...audit,
  });
  await qi.addIndex('annotation_layer', ['created_by_fk']);
  await qi.addIndex('annotation_layer', ['changed_by_fk']);

  await qi.createTable('annotation', {
    id,
    layer_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'annotation_layer', key: 'id' }, onDelete: 'CASCADE' },
    short_descr: { type: DataTypes.STRING(500), allowNull: false },
    long_descr: { type: DataTypes.TEXT, allowNull: true },
    start_dttm: { type: DataTypes.DATE, allowNull: false },
    end_dttm: { type: DataTypes.DATE, allowNull: false },
    // JSON text, kept as the client sent it (Superset validates it parses, nothing more).
    json_metadata: { type: DataTypes.TEXT, allowNull: true },
    ...audit,
  });
  // Superset's index on the three (its `ti_dag_state`): a layer's annotations in time order; its
  // first column also serves the foreign key on layer_id.
  await qi.addIndex('annotation', ['layer_id', 'start_dttm', 'end_dttm']);
  await qi.addIndex('annotation', ['created_by_fk']);
  await qi.addIndex('annotation', ['changed_by_fk']);
}

export async function down({ context: qi }: Migration) {
  await qi.dropTable('annotation');
  await qi.dropTable('annotation_layer');
}
