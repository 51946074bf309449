/**
 * Alpha loses can_write on Database, as in Superset (Database is read-only to everyone but Admin):
 * whoever may register a connection chooses which file or server the app opens, and with
 * allow_dml, what it may change there. Role seeding at start only ever adds pairs (so an admin's
 * own grants survive), so it cannot take this one back from installs seeded by an earlier version:
 * this runs once, at the upgrade. An admin who wants Alpha to write databases can grant the pair
 * again afterwards; seeding will keep it. Frozen: later changes are new migrations.
 */
import type { QueryInterface } from 'sequelize';

type Migration = { context: QueryInterface };

export async function up({ context: qi }: Migration) {
  await qi.sequelize.query(
    `DELETE FROM role_permissions
      WHERE role_id IN (SELECT id FROM roles WHERE name = :role)
        AND permission_id IN (SELECT id FROM permissions WHERE permission_name = :permission AND view_name = :view)`,
    { replacements: { role: 'Alpha', permission: 'can_write', view: 'Database' } },
  );
}

/**
 * Not reversed: granting Alpha database writes again would reopen the hole this closes, and the
 * version before this one puts the pair back by itself at its next start (its seeding adds it).
 */
export async function down() {}
