/**
 * The engines a database can be created with, in the shape of Superset's
 * `GET /api/v1/database/available/`: each with the JSON Schema of its connection parameters,
 * a URI placeholder and what it supports. Built from the engine registry, so a new engine
 * folder shows up here (and in the add page's picker) without touching this module.
 */
import type { EngineCatalog } from '~/lib/database-settings';
import { parametersJsonSchema } from '../engines/connection-schema.server';
import { engines } from '../engines/registry.server';
import type { Engine, EngineName } from '../engines/types.server';

/** The Node driver behind each engine: what `+driver` in a URI would name (any suffix is accepted). */
const DRIVERS: Record<EngineName, string> = { postgresql: 'pg', mysql: 'mysql2', sqlite: 'sqlite3' };

const PLACEHOLDERS: Record<EngineName, string> = {
  postgresql: 'postgresql://user:password@host:port/dbname[?key=value&key=value...]',
  mysql: 'mysql://user:password@host:port/dbname[?key=value&key=value...]',
  sqlite: 'sqlite:////absolute/path/to/file.db',
};

export type EngineInformation = {
  supports_file_upload: boolean;
  disable_ssh_tunneling: boolean;
  supports_dynamic_catalog: boolean;
  supports_oauth2: boolean;
};

export type AvailableEngine = {
  engine: string;
  name: string;
  parameters: Record<string, unknown>;
  default_driver: string;
  available_drivers: string[];
  sqlalchemy_uri_placeholder: string;
  engine_information: EngineInformation;
  preferred: boolean;
  /** Not in Superset's answer: the schemes a URI may use, so a client can check one before sending it. */
  schemes: string[];
};

export function engineInformation(_engine: Engine): EngineInformation {
  // Sightline offers no SSH tunnel, catalog or OAuth2 connection on any engine (the database API
  // answers an ssh_tunnel with a field error), so every engine answers the same.
  return { supports_file_upload: true, disable_ssh_tunneling: true, supports_dynamic_catalog: false, supports_oauth2: false };
}

export function defaultDriver(engine: Engine): string {
  return DRIVERS[engine.name];
}

export function availableEngines(): AvailableEngine[] {
  return Object.values(engines).map((engine) => ({
    engine: engine.name,
    name: engine.label,
    parameters: parametersJsonSchema(engine),
    default_driver: DRIVERS[engine.name],
    available_drivers: [DRIVERS[engine.name]],
    sqlalchemy_uri_placeholder: PLACEHOLDERS[engine.name],
    engine_information: engineInformation(engine),
    preferred: true,
    schemes: [...engine.schemes],
  }));
}

/** The registry as the isomorphic settings schemas need it (names, labels, schemes). */
export function engineCatalog(): EngineCatalog {
  return Object.values(engines).map((e) => ({ name: e.name, label: e.label, schemes: e.schemes }));
}
