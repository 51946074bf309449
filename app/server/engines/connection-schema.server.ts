/**
 * The connection form of network engines (host, port, database, username, password, query), as
 * a zod schema whose `.meta()` gives each field's label and description; `password` is marked
 * `writeOnly` (JSON Schema's word for a secret). `GET /api/v1/database/available/` publishes it
 * with `parametersJsonSchema`, and `validate_parameters` parses with it.
 */
import { z } from 'zod';
import type { Engine } from './types.server';

export function networkParametersSchema(opts: { defaultPort: number; databaseRequired: boolean; queryHelp: string }) {
  const database = z.string().trim().meta({ title: 'Database name', description: 'Database name' });
  return z.object({
    host: z.string().trim().min(1, 'Enter the host name or IP address.').meta({ title: 'Host', description: 'Hostname or IP address' }),
    port: z.coerce
      .number({ message: 'The port must be a number.' })
      .int('The port must be a whole number.')
      .min(1, 'The port must be between 1 and 65535.')
      .max(65535, 'The port must be between 1 and 65535.')
      .default(opts.defaultPort)
      .meta({ title: 'Port', description: 'Database port' }),
    database: opts.databaseRequired ? database.min(1, 'Enter the database name.') : database.default(''),
    username: z.string().trim().min(1, 'Enter the username.').meta({ title: 'Username', description: 'Username' }),
    password: z.string().optional().meta({ title: 'Password', description: 'Password', writeOnly: true }),
    query: z.record(z.string(), z.string()).default({}).meta({ title: 'Additional parameters', description: opts.queryHelp }),
  });
}

/** The JSON Schema of an engine's parameters, for the "available engines" endpoint. */
export function parametersJsonSchema(engine: Engine): Record<string, unknown> {
  return z.toJSONSchema(engine.connection.schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
