export * from './color-scheme';
export * from './categorical-color';
export * from './sequential-scale';
export * from './color-utils';
export { CATEGORICAL_SCHEMES } from './categorical-schemes';
export { SEQUENTIAL_SCHEMES } from './sequential-schemes';
