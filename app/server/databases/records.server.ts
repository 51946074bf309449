/**
 * Database records and what it takes to connect to one. The stored URI never holds a password:
 * it has the mask (or nothing) where the password was, and the password itself is in
 * `encrypted_password` (secrets.server.ts). `connectionTarget` is the one place a record's
 * secret is decrypted, and what it returns goes to the engines only: never to a page, an API
 * answer or a log.
 */
import type { Database } from '../../../db/index';
import { engineError } from '../engines/errors.server';
import type { ConnectionTarget } from '../engines/pools.server';
import { parseUrl, PASSWORD_MASK } from '../engines/uri.server';
import { models } from '../db.server';
import { InvalidInputError, NotFoundError, UnprocessableError } from '../domain-errors.server';
import { PERSON_ATTRIBUTES } from '../lists/people.server';
import { decryptSecret } from './secrets.server';

/** A field's error as the one field-error shape: 400 for input to fix, 422 for input the rules refuse. */
export const invalidField = (field: string, message: string) => new InvalidInputError({ [field]: [message] });
export const refusedField = (field: string, message: string) => new UnprocessableError({ [field]: [message] });

export async function findDatabase(id: number): Promise<Database | null> {
  const { Database, User } = models();
  return Database.findByPk(id, {
    include: [
      { model: User, as: 'created_by', attributes: PERSON_ATTRIBUTES },
      { model: User, as: 'changed_by', attributes: PERSON_ATTRIBUTES },
    ],
  });
}

/** The database, or a NotFoundError. */
export async function getDatabase(id: number): Promise<Database> {
  const record = await findDatabase(id);
  if (!record) throw new NotFoundError(`There is no database with id ${id}.`);
  return record;
}

export async function findDatabaseByName(name: string): Promise<Database | null> {
  return models().Database.findOne({ where: { database_name: name } });
}

/** The record's password in plain text, or null when it has none. */
export function storedPassword(record: Pick<Database, 'encrypted_password' | 'database_name'>): string | null {
  if (!record.encrypted_password) return null;
  try {
    return decryptSecret(record.encrypted_password);
  } catch {
    // The detail (key changed, tampered value) is the secrets module's; the way out is the user's.
    throw engineError(
      'GENERIC_BACKEND_ERROR',
      `The stored password of database "${record.database_name}" cannot be decrypted (was SECRET_KEY changed?). Edit the database and enter its password again.`,
      { status: 422 },
    );
  }
}

function uriHasMask(uri: string): boolean {
  try {
    return parseUrl(uri).password === PASSWORD_MASK;
  } catch {
    return false;
  }
}

/** How the engines reach this database: its masked URI plus the decrypted password. */
export function connectionTarget(record: Pick<Database, 'id' | 'sqlalchemy_uri' | 'encrypted_password' | 'database_name'>): ConnectionTarget {
  const password = storedPassword(record);
  // A mask with no secret behind it (a row edited by hand) must not be sent as the password.
  return { databaseId: record.id, uri: record.sqlalchemy_uri, password: password ?? (uriHasMask(record.sqlalchemy_uri) ? '' : null) };
}

/** The names of the datasets built on this database, for refusals and the related-objects answer. */
export async function datasetsOf(id: number): Promise<{ id: number; table_name: string; schema: string | null }[]> {
  const rows = await models().Dataset.findAll({
    where: { database_id: id },
    attributes: ['id', 'table_name', 'schema'],
    order: [['table_name', 'ASC']],
  });
  return rows.map((d) => ({ id: d.id, table_name: d.table_name, schema: d.schema ?? null }));
}
