/**
 * From what a person typed (a SQLAlchemy URI, or an engine and its parameters) to connection
 * parameters the engines accept, and to what is stored. Trusts nothing: the engine must exist,
 * the parameters pass the engine's own schema, the URI its parser. A password given as the mask
 * means "keep the stored one", and is honoured only for the same engine, host and port as the
 * stored connection, so editing a database cannot send its password to another server.
 */
import type { Database } from '../../../db/index';
import type { ConfigurationMethod } from '~/lib/database-settings';
import { parametersJsonSchema } from '../engines/connection-schema.server';
import { EngineError } from '../engines/errors.server';
import type { ConnectionTarget } from '../engines/pools.server';
import { engineForUri, engines, findEngine, findEngineForUri } from '../engines/registry.server';
import type { ConnectionParams, Engine } from '../engines/types.server';
import { maskPassword, PASSWORD_MASK } from '../engines/uri.server';
import { InvalidInputError } from '../domain-errors.server';
import { invalidField, refusedField, storedPassword } from './records.server';

export const REQUIRED_FIELD = 'This is a required field';

export type ConnectionInput = {
  engine?: string | null;
  configuration_method?: ConfigurationMethod;
  sqlalchemy_uri?: string;
  parameters?: Record<string, unknown>;
};

export type ResolvedConnection = {
  engine: Engine;
  /** With the real password: for the engines only. */
  params: ConnectionParams;
  /** The URI to store: the password replaced by the mask. */
  storedUri: string;
  /** Which form the connection came in: errors point at `sqlalchemy_uri` or at `parameters.<field>`. */
  method: ConfigurationMethod;
};

export type ParameterCheck = { missing: string[]; invalid: Record<string, string[]>; params: ConnectionParams | null };

const requiredCache = new Map<string, string[]>();

function requiredParameters(engine: Engine): string[] {
  let required = requiredCache.get(engine.name);
  if (!required) {
    const schema = parametersJsonSchema(engine);
    required = Array.isArray(schema.required) ? schema.required.map(String) : [];
    requiredCache.set(engine.name, required);
  }
  return required;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** `query` may come as an object (Superset's clients) or as `key=value&…` text (our form). */
function queryObject(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? {};
  return Object.fromEntries(new URLSearchParams(value.trim().replace(/^\?/, '')));
}

/** The engine's parameters, with the required ones that are blank listed apart from the invalid ones. */
export function checkParameters(engine: Engine, raw: Record<string, unknown>): ParameterCheck {
  const required = requiredParameters(engine);
  const cleaned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'query') cleaned.query = queryObject(value);
    else if (!isBlank(value)) cleaned[key] = value;
  }
  const missing = required.filter((field) => isBlank(cleaned[field]));
  const invalid: Record<string, string[]> = {};
  const parsed = engine.connection.schema.safeParse(cleaned);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'parameters');
      if (missing.includes(field)) continue;
      (invalid[field] ??= []).push(issue.message);
    }
  }
  const params = parsed.success && missing.length === 0 ? { ...parsed.data, engine: engine.name } : null;
  return { missing, invalid, params };
}

function asInputError(error: unknown, field: string): unknown {
  return error instanceof EngineError ? invalidField(field, error.message) : error;
}

/**
 * A SQLite file the engine would refuse to open (outside SQLITE_DATA_DIRS, or the metadata store,
 * by any path): a 422 naming the field now, before anything is saved or tried. The engine refuses
 * it again at connect time, which is the guarantee.
 */
function refuseUnsafeSqliteFile(params: ConnectionParams, field: string) {
  const refusal = findEngine(params.engine)?.connection.refusal?.(params) ?? null;
  if (refusal) throw refusedField(field, refusal);
}

function sameServer(a: ConnectionParams, b: ConnectionParams): boolean {
  return a.engine === b.engine && (a.host ?? '') === (b.host ?? '') && (a.port ?? null) === (b.port ?? null);
}

/** The stored connection of a record, parsed (its password stays the mask). */
export function storedParams(record: Pick<Database, 'sqlalchemy_uri'>): ConnectionParams | null {
  try {
    return engineForUri(record.sqlalchemy_uri).connection.parseUri(record.sqlalchemy_uri);
  } catch {
    return null;
  }
}

type Existing = Pick<Database, 'sqlalchemy_uri' | 'encrypted_password' | 'database_name'>;

/**
 * The connection `input` describes. Throws InvalidInputError (400) naming the field to fix, or
 * UnprocessableError (422) for a connection the rules refuse.
 * `existing` is the record being edited (or tested): its stored password fills in a masked one.
 */
export function resolveConnection(input: ConnectionInput, existing: Existing | null): ResolvedConnection {
  const byParameters = input.parameters !== undefined && (input.configuration_method === 'dynamic_form' || !input.sqlalchemy_uri);
  let engine: Engine;
  let params: ConnectionParams;
  let passwordField: string;
  if (byParameters) {
    // An edit may send parameters alone: they are for the engine the database already uses.
    const named = findEngine(input.engine ?? '') ?? (existing && !input.engine ? findEngineForUri(existing.sqlalchemy_uri) : null);
    if (!named) {
      const names = Object.keys(engines).join(', ');
      throw invalidField('engine', input.engine ? `There is no engine called "${input.engine}": choose one of ${names}.` : `Choose an engine: ${names}.`);
    }
    engine = named;
    const check = checkParameters(engine, input.parameters ?? {});
    const fields: Record<string, string[]> = {};
    for (const field of check.missing) fields[`parameters.${field}`] = [REQUIRED_FIELD];
    for (const [field, messages] of Object.entries(check.invalid)) fields[`parameters.${field}`] = messages;
    if (!check.params) throw new InvalidInputError(fields);
    params = check.params;
    passwordField = 'parameters.password';
  } else {
    const uri = input.sqlalchemy_uri ?? '';
    try {
      engine = engineForUri(uri);
      params = engine.connection.parseUri(uri);
    } catch (error) {
      throw asInputError(error, 'sqlalchemy_uri');
    }
    passwordField = 'sqlalchemy_uri';
  }
  refuseUnsafeSqliteFile(params, byParameters ? 'parameters.database' : 'sqlalchemy_uri');

  const maskedInput = params.password === PASSWORD_MASK;
  if (maskedInput) {
    const before = existing && storedParams(existing);
    if (!existing || !before) {
      throw invalidField(passwordField, 'The password is the mask XXXXXXXXXX: enter the real password.');
    }
    if (!sameServer(before, params)) {
      throw invalidField(passwordField, 'Enter the password again: a stored password is only sent to the server it was saved for, and the engine, host or port changed.');
    }
    params = { ...params, password: storedPassword(existing) ?? undefined };
  }
  const masked: ConnectionParams = { ...params, password: params.password ? PASSWORD_MASK : undefined };
  // A URI keeps its spelling (driver suffix, query) with the password masked; one whose mask stood
  // for no stored password is rebuilt without it, so no mask is left claiming a secret exists.
  const typed = input.sqlalchemy_uri ?? '';
  const keepSpelling = !byParameters && (params.password || !maskedInput);
  const storedUri = keepSpelling ? (params.password ? maskPassword(typed) : typed) : engine.connection.buildUri(masked);
  return { engine, params, storedUri, method: byParameters ? 'dynamic_form' : 'sqlalchemy_form' };
}

/** A target for the engines: the masked URI plus the password on the side, never inside a URI string. */
export function targetOf(resolved: ResolvedConnection, databaseId: number | string): ConnectionTarget {
  return { databaseId, uri: resolved.storedUri, password: resolved.params.password ?? null };
}
