/**
 * The keys of stored state (shares, permalinks, Explore form data, dashboard filter state): 128
 * random bits in base64url, 22 characters, never a row id, so a key cannot be guessed or counted.
 * Isomorphic: a page can tell a key from garbage before asking the server.
 */

export const VALUE_KEY_LENGTH = 22;
const KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function isValueKey(key: string | null | undefined): key is string {
  return typeof key === 'string' && KEY_PATTERN.test(key);
}

/** The URL parameters that carry a key in the address (Superset's names). */
export const FORM_DATA_KEY_PARAM = 'form_data_key';
export const NATIVE_FILTERS_KEY_PARAM = 'native_filters_key';

/** Where a permalink opens: the path its key is part of. */
export const permalinkPaths = {
  sqllab: (key: string) => `/sqllab/p/${key}`,
  explore: (key: string) => `/superset/explore/p/${key}/`,
  dashboard: (key: string) => `/superset/dashboard/p/${key}/`,
} as const;
