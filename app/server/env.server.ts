/**
 * The process environment, read once and validated. Nothing else in the app reads `process.env`:
 * a misconfigured deployment fails at start with a message naming the variable, not later
 * in a request.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { z } from 'zod';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8088),
  HOST: z.string().default('0.0.0.0'),
  VAR_DIR: z.string().default('var'),
  DATABASE_URL: z.string().optional(),
  EXAMPLES_URL: z.string().optional(),
  SECRET_KEY: z.string().min(16, 'SECRET_KEY must be at least 16 characters').optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  COOKIE_SECURE: z.enum(['true', 'false']).default('false'),
  LOAD_EXAMPLES: z.enum(['true', 'false']).default('true'),
  REDIS_URL: z.string().url('REDIS_URL must be a URL such as redis://127.0.0.1:6379').optional(),
  // SQL Lab limits, with Superset's defaults.
  SQLLAB_DEFAULT_LIMIT: z.coerce.number().int().positive().default(1000),
  SQL_MAX_ROW: z.coerce.number().int().positive().default(100_000),
  DISPLAY_MAX_ROW: z.coerce.number().int().positive().default(10_000),
  SQLLAB_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  SQLLAB_ASYNC_TIME_LIMIT_SECONDS: z.coerce.number().positive().default(6 * 3600),
  // How long execute waits for an async query to finish and answer it inline (0: answer 202 at once).
  // A few hundred milliseconds: most analysts' queries finish within it, and a longer wait would
  // hold a slow one's first progress back.
  SQLLAB_INLINE_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(400),
  RESULTS_TTL_SECONDS: z.coerce.number().int().positive().default(24 * 3600),
  // Chart data cache (app/server/chart-data): Superset's CACHE_DEFAULT_TIMEOUT, one day.
  CACHE_DEFAULT_TIMEOUT: z.coerce.number().int().default(86_400),
  RESULTS_MAX_BYTES: z.coerce.number().int().positive().default(256 * 1024 * 1024),
  SQLLAB_BACKEND_PERSISTENCE: z.enum(['true', 'false']).default('true'),
  // Whether the web process also runs background jobs (async SQL Lab queries); `npm run worker` always does.
  WORKER_IN_WEB: z.enum(['true', 'false']).default('true'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  // Analytics database connections (app/server/engines/pools.server.ts).
  ENGINE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  ENGINE_POOL_MAX_CONNECTIONS: z.coerce.number().int().positive().optional(),
  // Directories SQLite data sources may open files from, separated like PATH (':' here, ';' on
  // Windows); the examples file is always allowed, the metadata store never (engines/sqlite/file-policy.server.ts).
  SQLITE_DATA_DIRS: z
    .string()
    .default('')
    .transform((value) => value.split(path.delimiter).map((d) => d.trim()).filter(Boolean)),
  // The largest request body taken (413 above it): SQL Lab takes SQL of up to 10 million characters,
  // which JSON or a form encodes in 10–30 MB. A refused body is read and dropped up to this size.
  REQUEST_BODY_MAX_BYTES: z.coerce.number().int().min(1024).default(32 * 1024 * 1024),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(30 * 24 * 3600),
});

export type Env = z.infer<typeof EnvSchema> & {
  varDir: string;
  /** SQLITE_DATA_DIRS, each resolved from the working directory. */
  sqliteDataDirs: string[];
  databaseUrl: string;
  examplesUrl: string;
};

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const varDir = path.resolve(parsed.data.VAR_DIR);
  cached = {
    ...parsed.data,
    varDir,
    sqliteDataDirs: parsed.data.SQLITE_DATA_DIRS.map((d) => path.resolve(d)),
    databaseUrl: parsed.data.DATABASE_URL ?? `sqlite:${path.join(varDir, 'sightline.sqlite')}`,
    examplesUrl: parsed.data.EXAMPLES_URL ?? `sqlite:///${path.join(varDir, 'examples.sqlite')}`,
  };
  return cached;
}

/** The signing secret: SECRET_KEY, or one generated once and kept under var/ so restarts keep sessions. */
export function secretKey(): string {
  const e = env();
  if (e.SECRET_KEY) return e.SECRET_KEY;
  const file = path.join(e.varDir, 'secret-key.txt');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(e.varDir, { recursive: true });
    const key = crypto.randomBytes(48).toString('base64url');
    // 'wx' so two processes starting together cannot both write different keys.
    try {
      fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}
