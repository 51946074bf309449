/**
 * The app's one handle on the metadata store. Domain modules import models from here, never
 * from db/ directly, so there is exactly one connection pool per process.
 */
import { createSequelize, initModels, type Models } from '../../db/index';
import type { Sequelize } from 'sequelize';
import { env } from './env.server';

type Store = { sequelize: Sequelize; models: Models };

declare global {
  // Vite's dev server reloads modules; keep the pool across reloads.
  var __sightlineStore: Store | undefined;
}

export function store(): Store {
  if (!globalThis.__sightlineStore) {
    const sequelize = createSequelize(env().databaseUrl);
    globalThis.__sightlineStore = { sequelize, models: initModels(sequelize) };
  }
  return globalThis.__sightlineStore;
}

export function models(): Models {
  return store().models;
}

export async function closeStore(): Promise<void> {
  const current = globalThis.__sightlineStore;
  globalThis.__sightlineStore = undefined;
  await current?.sequelize.close();
}
