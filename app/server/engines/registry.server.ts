/**
 * The engines, by name. The only place that lists them: everything engine-specific is reached
 * through `Engine` (types.server.ts), so adding an engine is adding its folder and one line here.
 */
import { engineError, type EngineError } from './errors.server';
import { mysqlEngine } from './mysql/index.server';
import { postgresqlEngine } from './postgresql/index.server';
import { sqliteEngine } from './sqlite/index.server';
import type { Engine, EngineName } from './types.server';
import { uriScheme } from './uri.server';

export const engines: Readonly<Record<EngineName, Engine>> = {
  sqlite: sqliteEngine,
  postgresql: postgresqlEngine,
  mysql: mysqlEngine,
};

const SUPPORTED = Object.values(engines)
  .map((e) => `${e.label} (${e.schemes.map((s) => `${s}://`).join(', ')})`)
  .join(', ');

function unsupported(what: string): EngineError {
  return engineError('GENERIC_DB_ENGINE_ERROR', `${what} Supported engines: ${SUPPORTED}.`, { invalid: ['sqlalchemy_uri'], status: 400 });
}

export function findEngine(name: string): Engine | null {
  return Object.hasOwn(engines, name) ? engines[name as EngineName] : null;
}

/** The engine called `name`; an unknown name is a 400-style EngineError naming the supported ones. */
export function getEngine(name: string): Engine {
  const engine = findEngine(name);
  if (!engine) throw unsupported(`There is no database engine called "${name}".`);
  return engine;
}

/** The engine of a SQLAlchemy URI, from its scheme (`postgresql+psycopg2://` → postgresql). */
export function engineForUri(uri: string): Engine {
  const scheme = uriScheme(uri);
  if (!scheme) throw unsupported('The connection URI has no scheme (like postgresql://).');
  const engine = Object.values(engines).find((e) => e.schemes.includes(scheme));
  if (!engine) throw unsupported(`The URI scheme "${scheme}://" is not supported.`);
  return engine;
}

/** As engineForUri, but null for a URI no engine answers to (a stored database of another engine still lists and shows). */
export function findEngineForUri(uri: string): Engine | null {
  const scheme = uriScheme(uri);
  return scheme ? (Object.values(engines).find((e) => e.schemes.includes(scheme)) ?? null) : null;
}
