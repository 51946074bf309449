/**
 * The engines a database can be created with, in the shape of Superset's
 * `GET /api/v1/database/available/`: each with the JSON Schema of its connection parameters,
 * a URI placeholder and what it supports. Built from the engine registry, so a new engine
 * folder shows up here (and in the add page's picker) without touching this module.
 */
import type { EngineCatalog } from '~/lib/database-settings';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { parametersJsonSchema } from '../engines/connection-schema.server';
import { engines } from '../engines/registry.server';
import type { Engine } from '../engines/types.server';

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
  return engine.connection.driver;
}

export function availableEngines(): AvailableEngine[] {
  return Object.values(engines).map((engine) => ({
    engine: engine.name,
    name: engine.label,
    parameters: parametersJsonSchema(engine),
    default_driver: engine.connection.driver,
    available_drivers: [engine.connection.driver],
    sqlalchemy_uri_placeholder: engine.connection.uriPlaceholder,
    engine_information: engineInformation(engine),
    preferred: true,
    schemes: [...engine.schemes],
  }));
}

/** GET /api/v1/database/available/: reading the engine list is part of reading databases. */
export function listAvailableEngines(actor: CurrentUser): AvailableEngine[] {
  requirePermission(actor, 'can_read', 'Database');
  return availableEngines();
}

/** The registry as the isomorphic settings schemas and the pages need it (names, labels, schemes). */
export function engineCatalog(): EngineCatalog {
  return Object.values(engines).map((e) => ({ name: e.name, label: e.label, schemes: e.schemes }));
}
