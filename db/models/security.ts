import {
  DataTypes, Model, type Sequelize, type InferAttributes, type InferCreationAttributes, type CreationOptional,
  type NonAttribute,
} from 'sequelize';

export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<number>;
  declare username: string;
  declare first_name: CreationOptional<string>;
  declare last_name: CreationOptional<string>;
  declare email: string | null;
  declare password_hash: string;
  declare active: CreationOptional<boolean>;
  declare theme: CreationOptional<string>;
  declare last_login: Date | null;
  declare login_count: CreationOptional<number>;
  declare created_on: CreationOptional<Date>;
  declare changed_on: CreationOptional<Date>;
  declare roles?: NonAttribute<Role[]>;
}

export class Role extends Model<InferAttributes<Role>, InferCreationAttributes<Role>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare permissions?: NonAttribute<Permission[]>;
  declare users?: NonAttribute<User[]>;
}

export class Permission extends Model<InferAttributes<Permission>, InferCreationAttributes<Permission>> {
  declare id: CreationOptional<number>;
  declare permission_name: string;
  declare view_name: string;
}

/** The login throttle's counter per username; written by one upsert (app/server/auth/login-throttle.server.ts). */
export class LoginAttempt extends Model<InferAttributes<LoginAttempt>, InferCreationAttributes<LoginAttempt>> {
  declare username: string;
  /** Milliseconds since the epoch. */
  declare window_start: number;
  declare attempts: number;
}

export function initSecurityModels(sequelize: Sequelize) {
  User.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      username: { type: DataTypes.STRING(100), allowNull: false, unique: true },
      first_name: { type: DataTypes.STRING(100), allowNull: false, defaultValue: '' },
      last_name: { type: DataTypes.STRING(100), allowNull: false, defaultValue: '' },
      email: { type: DataTypes.STRING(320), allowNull: true },
      password_hash: { type: DataTypes.STRING(255), allowNull: false },
      active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      theme: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'system' },
      last_login: { type: DataTypes.DATE, allowNull: true },
      login_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      created_on: DataTypes.DATE,
      changed_on: DataTypes.DATE,
    },
    { sequelize, tableName: 'users', timestamps: true, createdAt: 'created_on', updatedAt: 'changed_on' },
  );
  Role.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING(64), allowNull: false, unique: true },
    },
    { sequelize, tableName: 'roles', timestamps: false },
  );
  Permission.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      permission_name: { type: DataTypes.STRING(100), allowNull: false },
      view_name: { type: DataTypes.STRING(255), allowNull: false },
    },
    { sequelize, tableName: 'permissions', timestamps: false },
  );
  LoginAttempt.init(
    {
      username: { type: DataTypes.STRING(100), primaryKey: true },
      window_start: { type: DataTypes.BIGINT, allowNull: false },
      attempts: { type: DataTypes.INTEGER, allowNull: false },
    },
    { sequelize, tableName: 'login_attempts', timestamps: false },
  );

  User.belongsToMany(Role, { through: 'user_roles', foreignKey: 'user_id', otherKey: 'role_id', as: 'roles', timestamps: false });
  Role.belongsToMany(User, { through: 'user_roles', foreignKey: 'role_id', otherKey: 'user_id', as: 'users', timestamps: false });
  Role.belongsToMany(Permission, { through: 'role_permissions', foreignKey: 'role_id', otherKey: 'permission_id', as: 'permissions', timestamps: false });
  Permission.belongsToMany(Role, { through: 'role_permissions', foreignKey: 'permission_id', otherKey: 'role_id', as: 'roles', timestamps: false });
}
