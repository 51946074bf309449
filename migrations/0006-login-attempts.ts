/**
 * The login throttle counts attempts per username in one row, so one atomic upsert can count an
 * attempt and answer the count (app/server/auth/login-throttle.server.ts). It replaces the log of
 * failures, whose count-then-insert let parallel attempts through. Frozen: later changes are new
 * migrations.
 */
import { DataTypes, type QueryInterface } from 'sequelize';

type Migration = { context: QueryInterface };

export async function up({ context: qi }: Migration) {
  await qi.createTable('login_attempts', {
    username: { type: DataTypes.STRING(100), primaryKey: true, allowNull: false },
    // Milliseconds since the epoch: plain integers compare alike in SQLite and PostgreSQL.
    window_start: { type: DataTypes.BIGINT, allowNull: false },
    attempts: { type: DataTypes.INTEGER, allowNull: false },
  });
  // Expired windows are deleted by their start.
  await qi.addIndex('login_attempts', ['window_start']);
  await qi.dropTable('login_failures');
}

/** Recreates the failure log empty: its rows only ever mattered for a minute. */
export async function down({ context: qi }: Migration) {
  await qi.createTable('login_failures', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    username: { type: DataTypes.STRING(100), allowNull: false },
    failed_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('login_failures', ['username', 'failed_at']);
  await qi.dropTable('login_attempts');
}
