/**
 * The cache in the metadata store (table `cache_entries`), the default: every process shares it
 * without another service. Expired rows are ignored on read and swept now and then on write.
 */
import { col, fn, Op, where } from 'sequelize';
import { models } from '../db.server';
import type { CacheStore } from './cache.server';

const SWEEP_EVERY_WRITES = 200;
let writesSinceSweep = 0;

export const metadataCacheStore: CacheStore = {
  name: 'metadata',
  async get(key) {
    const entry = await models().CacheEntry.findByPk(key);
    if (!entry || entry.expires_at.getTime() <= Date.now()) return null;
    return entry.value;
  },
  async set(key, text, ttlSeconds) {
    const { CacheEntry } = models();
    await CacheEntry.upsert({ cache_key: key, value: text, expires_at: new Date(Date.now() + ttlSeconds * 1000) });
    writesSinceSweep += 1;
    if (writesSinceSweep >= SWEEP_EVERY_WRITES) {
      writesSinceSweep = 0;
      await CacheEntry.destroy({ where: { expires_at: { [Op.lte]: new Date() } } });
    }
  },
  async deletePrefix(prefix) {
    await models().CacheEntry.destroy({ where: where(fn('substr', col('cache_key'), 1, prefix.length), prefix) });
  },
  async close() {},
};
