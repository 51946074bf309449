/** The metadata models, bound to one Sequelize instance. */
import type { Sequelize } from 'sequelize';
import { initSecurityModels, User, Role, Permission, LoginAttempt } from './models/security';
import { initAssetModels, Database, Dataset, TableColumn, SqlMetric, RowLevelSecurityFilter, Chart, Dashboard, SavedQuery, Favorite } from './models/assets';
import { initStorageModels, CacheEntry, KeyValue } from './models/storage';
import { initSqlLabModels, Query, TabState, TableSchema, QueryResult } from './models/sqllab';
import { initAnnotationModels, AnnotationLayer, Annotation } from './models/annotations';
import { initCssTemplateModels, CssTemplate } from './models/css-templates';
import { initFilterSetModels, FilterSet } from './models/filter-sets';

export { User, Role, Permission, LoginAttempt, Database, Dataset, TableColumn, SqlMetric, RowLevelSecurityFilter, Chart, Dashboard, SavedQuery, Favorite, CacheEntry, KeyValue, Query, TabState, TableSchema, QueryResult, AnnotationLayer, Annotation, CssTemplate, FilterSet };
export { createSequelize, parseMetadataUrl, redact, describeConnectionError } from './connect';
export { createMigrator } from './migrator';

export const models = { User, Role, Permission, LoginAttempt, Database, Dataset, TableColumn, SqlMetric, RowLevelSecurityFilter, Chart, Dashboard, SavedQuery, Favorite, CacheEntry, KeyValue, Query, TabState, TableSchema, QueryResult, AnnotationLayer, Annotation, CssTemplate, FilterSet };
export type Models = typeof models;

let initialisedWith: Sequelize | undefined;

/** Sequelize models are global classes: bind them once per process, to the first store opened. */
export function initModels(sequelize: Sequelize): Models {
  if (initialisedWith && initialisedWith !== sequelize) {
    throw new Error('the metadata models are already bound to another connection');
  }
  if (!initialisedWith) {
    initSecurityModels(sequelize);
    initAssetModels(sequelize);
    initStorageModels(sequelize);
    initSqlLabModels(sequelize);
    initAnnotationModels(sequelize);
    initCssTemplateModels(sequelize);
    initFilterSetModels(sequelize);
    initialisedWith = sequelize;
  }
  return models;
}
