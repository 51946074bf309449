/**
 * Query results under a results key. By default they live in the metadata store (table
 * `query_results`), so every process reads what any process stored; with REDIS_URL set, in Redis.
 * Either way a result expires RESULTS_TTL_SECONDS after it was stored. Payloads are lossless JSON
 * (big integers stay exact, see app/lib/sql/lossless-json.ts), brotli-compressed, behind a
 * format tag: a payload whose tag is unknown (written by another version) is refused, never
 * guessed at. Results over RESULTS_MAX_BYTES (measured as the JSON the API would send) are
 * refused with a RESULTS_BACKEND_ERROR that says what to change, rather than half stored.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Op } from 'sequelize';
import { parseLossless, stringifyLossless } from '~/lib/sql/lossless-json';
import type { ResultColumn } from '~/lib/sqllab-api';
import { models } from '../db.server';
import { env } from '../env.server';
import type { Row } from '../engines/types.server';
import { sqlLabError } from './errors.server';
import { redisResultsStore } from './results-backend-redis.server';

/** What is stored for a query: its columns and rows (arrays in column order). */
export interface StoredResults {
  columns: ResultColumn[];
  rows: Row[];
}

/** Where compressed payloads go. `get` answers null for unknown and expired keys alike. */
export interface ResultsStore {
  readonly name: 'metadata' | 'redis';
  put(key: string, payload: Buffer, ttlSeconds: number): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Drops expired entries; Redis expires keys itself. */
  purgeExpired(): Promise<number>;
  close(): Promise<void>;
}

const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);
/** Format tag, then the brotli stream. A new encoding gets a new tag. */
const TAG = Buffer.from('SLR1');
// Quality 5: most of brotli's gain at a fraction of the time of its default 11.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } };

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function encodeResults(results: StoredResults, maxBytes = env().RESULTS_MAX_BYTES): Promise<Buffer> {
  const text = stringifyLossless(results);
  const bytes = Buffer.byteLength(text);
  if (bytes > maxBytes) {
    throw sqlLabError(
      'RESULTS_BACKEND_ERROR',
      `The results are ${mb(bytes)}, more than the ${mb(maxBytes)} SQL Lab keeps (RESULTS_MAX_BYTES). Lower the row limit or select fewer columns, then run the query again.`,
      422,
      { size_bytes: bytes, max_bytes: maxBytes },
    );
  }
  return Buffer.concat([TAG, await brotli(Buffer.from(text), BROTLI_OPTIONS)]);
}

export async function decodeResults(payload: Buffer): Promise<StoredResults> {
  const unreadable = () =>
    sqlLabError(
      'RESULTS_BACKEND_ERROR',
      'The stored results are in a format this version cannot read. You need to re-run the original query.',
      410,
    );
  if (payload.length < TAG.length || !payload.subarray(0, TAG.length).equals(TAG)) throw unreadable();
  try {
    const text = (await unbrotli(payload.subarray(TAG.length))).toString('utf8');
    const value = parseLossless(text) as StoredResults;
    if (!Array.isArray(value?.columns) || !Array.isArray(value?.rows)) throw new Error('not a results payload');
    return value;
  } catch {
    throw unreadable();
  }
}

/** The default store: the metadata database's `query_results` table. */
const metadataStore: ResultsStore = {
  name: 'metadata',
  async put(key, payload, ttlSeconds) {
    const now = new Date();
    await models().QueryResult.upsert({
      results_key: key,
      payload,
      size_bytes: payload.length,
      created_on: now,
      expires_on: new Date(now.getTime() + ttlSeconds * 1000),
    });
  },
  async get(key) {
    const row = await models().QueryResult.findByPk(key);
    if (!row) return null;
    if (row.expires_on.getTime() <= Date.now()) {
      await row.destroy().catch(() => {});
      return null;
    }
    return Buffer.isBuffer(row.payload) ? row.payload : Buffer.from(row.payload);
  },
  async delete(key) {
    await models().QueryResult.destroy({ where: { results_key: key } });
  },
  async purgeExpired() {
    return models().QueryResult.destroy({ where: { expires_on: { [Op.lte]: new Date() } } });
  },
  async close() {},
};

declare global {
  // One Redis connection per process, kept across Vite's module reloads in development.
  var __sightlineResultsStore: ResultsStore | undefined;
}

export function resultsStore(): ResultsStore {
  globalThis.__sightlineResultsStore ??= env().REDIS_URL ? redisResultsStore(env().REDIS_URL as string) : metadataStore;
  return globalThis.__sightlineResultsStore;
}

export async function closeResultsStore(): Promise<void> {
  const current = globalThis.__sightlineResultsStore;
  globalThis.__sightlineResultsStore = undefined;
  await current?.close();
}

export async function storeResults(key: string, results: StoredResults): Promise<void> {
  const payload = await encodeResults(results);
  try {
    await resultsStore().put(key, payload, env().RESULTS_TTL_SECONDS);
  } catch (error) {
    console.error('sightline: storing query results failed', error);
    throw sqlLabError('RESULTS_BACKEND_ERROR', 'The results could not be stored in the results backend. Try again; if it persists, see the server log.', 503);
  }
}

/** The stored results, or null when the key is unknown or expired. */
export async function loadResults(key: string): Promise<StoredResults | null> {
  const payload = await resultsStore().get(key);
  return payload ? decodeResults(payload) : null;
}
