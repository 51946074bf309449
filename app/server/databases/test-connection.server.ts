/**
 * "Test connection" and "validate parameters": a connection described by a form or an API body
 * is resolved (connection.server.ts), then asked `SELECT 1` through the execution core on a pool
 * of its own, closed right after, so a test never shares or keeps connections. Failures are the
 * engines' EngineErrors (wrong password, closed port, unknown host or database, …).
 */
import crypto from 'node:crypto';
import { TestConnectionSchema, ValidateParametersSchema } from '~/lib/database-settings';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { engineError, EngineError, type SupersetError } from '../engines/errors.server';
import { testConnection as selectOne } from '../engines/execute.server';
import { closePool } from '../engines/pools.server';
import { engines, findEngine } from '../engines/registry.server';
import type { Database } from '../../../db/index';
import { checkParameters, resolveConnection, targetOf, type ResolvedConnection } from './connection.server';
import { DatabaseInputError, findDatabaseByName, getDatabase } from './records.server';
import { fieldMessages } from './save-database.server';

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
 * POST /api/v1/database/test_connection/ and the form's "Test connection". A masked password is
 * taken from the database being edited (`existingId`, the pages) or named (`database_name`, as
 * Superset's clients do). Throws DatabaseInputError (bad input) or EngineError (the test failed).
 */
export async function testConnection(actor: CurrentUser, raw: unknown, opts: { existingId?: number } = {}): Promise<void> {
  requirePermission(actor, 'can_write', 'Database');
  const parsed = TestConnectionSchema.safeParse(raw);
  if (!parsed.success) throw new DatabaseInputError(400, fieldMessages(parsed.error));
  const input = parsed.data;
  let existing: Database | null = null;
  if (opts.existingId !== undefined) existing = await getDatabase(opts.existingId);
  else if (input.database_name) existing = await findDatabaseByName(input.database_name);
  await ping(resolveConnection(input, existing));
}

export type ValidationOutcome = { ok: true } | { ok: false; status: number; errors: SupersetError[] };

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
 * POST /api/v1/database/validate_parameters/: Superset's check of a connection form while it is
 * filled in. Missing fields come back as one CONNECTION_MISSING_PARAMETERS error listing them in
 * `extra.missing` (the form shows "This is a required field" under each); then the connection is
 * tried, and its failure comes back with its own error type and `extra.invalid` fields.
 */
export async function validateParameters(actor: CurrentUser, raw: unknown): Promise<ValidationOutcome> {
  requirePermission(actor, 'can_write', 'Database');
  const parsed = ValidateParametersSchema.safeParse(raw);
  if (!parsed.success) throw new DatabaseInputError(400, fieldMessages(parsed.error));
  const input = parsed.data;
  const engine = findEngine(input.engine);
  if (!engine) {
    const message = `Engine "${input.engine}" is not a valid engine. Choose one of ${Object.keys(engines).join(', ')}.`;
    return { ok: false, status: 422, errors: [engineError('GENERIC_DB_ENGINE_ERROR', message, { invalid: ['engine'] }).error] };
  }
  const check = checkParameters(engine, input.parameters);
  const errors: SupersetError[] = [];
  if (check.missing.length > 0) errors.push(missingParameters(engine.label, check.missing));
  for (const [field, messages] of Object.entries(check.invalid)) errors.push(invalidParameter(engine.label, field, messages));
  if (errors.length > 0) return { ok: false, status: 422, errors };

  let existing: Database | null = null;
  if (input.id) existing = await getDatabase(input.id);
  else if (input.database_name) existing = await findDatabaseByName(input.database_name);
  try {
    await ping(resolveConnection({ engine: engine.name, configuration_method: 'dynamic_form', parameters: input.parameters }, existing));
    return { ok: true };
  } catch (error) {
    if (error instanceof EngineError) return { ok: false, status: error.status, errors: [error.error] };
    if (error instanceof DatabaseInputError) {
      const fields = Object.keys(error.fields).map((f) => f.replace(/^parameters\./, ''));
      return { ok: false, status: 422, errors: [engineError('GENERIC_DB_ENGINE_ERROR', error.message, { engineName: engine.label, invalid: fields }).error] };
    }
    throw error;
  }
}
