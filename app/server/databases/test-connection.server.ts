/**
 * "Test connection" and "validate parameters": a connection described by a form or an API body
 * is resolved (connection.server.ts), then asked `SELECT 1` through the execution core on a pool
 * of its own, closed right after, so a test never shares or keeps connections. Failures are the
 * engines' EngineErrors (wrong password, closed port, unknown host or database, …).
 */
import crypto from 'node:crypto';
import type { TestConnectionInput, ValidateParametersInput } from '~/lib/database-settings';
import { requireDatabaseWriter } from '../access/database-access.server';
import type { CurrentUser } from '../auth/current-user.server';
import { engineError, EngineErrors, type SupersetError } from '../engines/errors.server';
import { testConnection as selectOne } from '../engines/execute.server';
import { closePool } from '../engines/pools.server';
import { engines, findEngine } from '../engines/registry.server';
import type { Database } from '../../../db/index';
import { checkParameters, resolveConnection, targetOf, type ResolvedConnection } from './connection.server';
import { InputError } from '../domain-errors.server';
import { findDatabaseByName, getDatabase } from './records.server';

export const CONNECTION_OK = 'OK';

/** Runs `SELECT 1` on a fresh connection; throws the engine's EngineError when it fails. */
export async function ping(resolved: ResolvedConnection): Promise<void> {
  const key = `test-connection:${crypto.randomUUID()}`;
  try {
    // The engines' test: SELECT 1 under a deadline; connecting has the pools' shorter connect timeout.
    await selectOne(targetOf(resolved, key));
  } finally {
    await closePool(key);
  }
}

/**
 * POST /api/v1/database/test_connection/ and the form's "Test connection" (`input` parsed with
 * TestConnectionSchema). A masked password is taken from the database being edited
 * (`existingId`, the pages) or named (`database_name`, as Superset's clients do). Throws
 * InvalidInputError or UnprocessableError (the input) or EngineError (the test failed).
 */
export async function testConnection(actor: CurrentUser, input: TestConnectionInput, opts: { existingId?: number } = {}): Promise<void> {
  requireDatabaseWriter(actor);
  let existing: Database | null = null;
  if (opts.existingId !== undefined) existing = await getDatabase(opts.existingId);
  else if (input.database_name) existing = await findDatabaseByName(input.database_name);
  await ping(resolveConnection(input, existing));
}

function missingParameters(engineLabel: string, missing: string[]): SupersetError {
  return engineError('CONNECTION_MISSING_PARAMETERS_ERRORS', `One or more parameters are missing: ${missing.join(', ')}`, {
    engineName: engineLabel,
    level: 'warning',
    extra: { missing },
  }).error;
}

function invalidParameter(engineLabel: string, field: string, messages: string[]): SupersetError {
  const type = field === 'port' ? 'CONNECTION_INVALID_PORT_ERROR' : 'GENERIC_DB_ENGINE_ERROR';
  return engineError(type, `${field}: ${messages.join(' ')}`, { engineName: engineLabel, invalid: [field] }).error;
}

/**
 * POST /api/v1/database/validate_parameters/ (`input` parsed with ValidateParametersSchema):
 * Superset's check of a connection form while it is filled in. Missing fields come back as one
 * CONNECTION_MISSING_PARAMETERS error listing them in `extra.missing` (the form shows "This is a
 * required field" under each), with one error per invalid field; then the connection is tried,
 * and its failure is thrown as an EngineError with its own error type and `extra.invalid` fields.
 * What is wrong before trying the connection is thrown as EngineErrors (422), all of it at once.
 */
export async function validateParameters(actor: CurrentUser, input: ValidateParametersInput): Promise<void> {
  requireDatabaseWriter(actor);
  const engine = findEngine(input.engine);
  if (!engine) {
    const message = `Engine "${input.engine}" is not a valid engine. Choose one of ${Object.keys(engines).join(', ')}.`;
    throw engineError('GENERIC_DB_ENGINE_ERROR', message, { invalid: ['engine'], status: 422 });
  }
  const check = checkParameters(engine, input.parameters);
  const errors: SupersetError[] = [];
  if (check.missing.length > 0) errors.push(missingParameters(engine.label, check.missing));
  for (const [field, messages] of Object.entries(check.invalid)) errors.push(invalidParameter(engine.label, field, messages));
  if (errors.length > 0) throw new EngineErrors(errors, 422);

  let existing: Database | null = null;
  if (input.id) existing = await getDatabase(input.id);
  else if (input.database_name) existing = await findDatabaseByName(input.database_name);
  let resolved: ResolvedConnection;
  try {
    resolved = resolveConnection({ engine: engine.name, configuration_method: 'dynamic_form', parameters: input.parameters }, existing);
  } catch (error) {
    // A refused connection (a masked password, a SQLite file outside the allowed directories) is
    // an engine error here, as Superset's form expects every answer of this endpoint to be.
    if (error instanceof InputError && error.fields) {
      const fields = Object.keys(error.fields).map((f) => f.replace(/^parameters\./, ''));
      const message = Object.entries(error.fields).map(([field, messages]) => `${field}: ${messages.join(' ')}`).join('; ');
      throw engineError('GENERIC_DB_ENGINE_ERROR', message, { engineName: engine.label, invalid: fields, status: 422 });
    }
    throw error;
  }
  await ping(resolved);
}
