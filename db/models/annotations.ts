/** Annotation layers and their annotations (Superset's `annotation_layer` and `annotation`). */
import {
  DataTypes, Model, type Sequelize, type InferAttributes, type InferCreationAttributes, type CreationOptional,
  type NonAttribute, type ForeignKey, type ModelStatic,
} from 'sequelize';
import { User } from './security';

const idColumn = { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true };
const audit = {
  created_on: DataTypes.DATE,
  changed_on: DataTypes.DATE,
  created_by_fk: { type: DataTypes.INTEGER, allowNull: true },
  changed_by_fk: { type: DataTypes.INTEGER, allowNull: true },
};
const auditOptions = { timestamps: true, createdAt: 'created_on', updatedAt: 'changed_on' } as const;

export class AnnotationLayer extends Model<InferAttributes<AnnotationLayer>, InferCreationAttributes<AnnotationLayer>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare descr: CreationOptional<string | null>;
  declare created_on: CreationOptional<Date>;
  declare changed_on: CreationOptional<Date>;
  declare created_by_fk: CreationOptional<number | null>;
  declare changed_by_fk: CreationOptional<number | null>;
  declare created_by?: NonAttribute<User | null>;
  declare changed_by?: NonAttribute<User | null>;
  declare annotations?: NonAttribute<Annotation[]>;
}

/** One annotation: a labelled time range (start = end for an event) of a layer. */
export class Annotation extends Model<InferAttributes<Annotation>, InferCreationAttributes<Annotation>> {
  declare id: CreationOptional<number>;
  declare layer_id: ForeignKey<number>;
  declare short_descr: string;
  declare long_descr: CreationOptional<string | null>;
  declare start_dttm: Date;
  declare end_dttm: Date;
  /** JSON text as the client sent it. */
  declare json_metadata: CreationOptional<string | null>;
  declare created_on: CreationOptional<Date>;
  declare changed_on: CreationOptional<Date>;
  declare created_by_fk: CreationOptional<number | null>;
  declare changed_by_fk: CreationOptional<number | null>;
  declare created_by?: NonAttribute<User | null>;
  declare changed_by?: NonAttribute<User | null>;
  declare layer?: NonAttribute<AnnotationLayer>;
}

export function initAnnotationModels(sequelize: Sequelize) {
  AnnotationLayer.init(
    {
      id: idColumn,
      name: { type: DataTypes.STRING(250), allowNull: false, unique: true },
      descr: { type: DataTypes.TEXT, allowNull: true },
      ...audit,
    },
    { sequelize, tableName: 'annotation_layer', ...auditOptions },
  );
  Annotation.init(
    {
      id: idColumn,
      short_descr: { type: DataTypes.STRING(500), allowNull: false },
      long_descr: { type: DataTypes.TEXT, allowNull: true },
      start_dttm: { type: DataTypes.DATE, allowNull: false },
      end_dttm: { type: DataTypes.DATE, allowNull: false },
      json_metadata: { type: DataTypes.TEXT, allowNull: true },
      ...audit,
    },
    { sequelize, tableName: 'annotation', ...auditOptions },
  );
  for (const model of [AnnotationLayer, Annotation] as ModelStatic<Model>[]) {
    model.belongsTo(User, { foreignKey: 'created_by_fk', as: 'created_by' });
    model.belongsTo(User, { foreignKey: 'changed_by_fk', as: 'changed_by' });
  }
  AnnotationLayer.hasMany(Annotation, { foreignKey: 'layer_id', as: 'annotations', onDelete: 'CASCADE' });
  Annotation.belongsTo(AnnotationLayer, { foreignKey: 'layer_id', as: 'layer' });
}
