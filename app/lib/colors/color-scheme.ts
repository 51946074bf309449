/**
 * Colour scheme lookup as Superset's scheme registries behave: an id that is not registered
 * (a scheme from a plugin we lack, a typo in form data) gets the default scheme, so a chart
 * always has colours. 'SUPERSET_DEFAULT' is kept as Superset's libraries register it: the first
 * d3 palette (d3Category10 among categorical schemes, schemeRdBu among sequential ones).
 */
import { CATEGORICAL_SCHEMES } from './categorical-schemes';
import { SEQUENTIAL_SCHEMES } from './sequential-schemes';

export interface ColorScheme {
  id: string;
  label?: string;
  /** 'featured' schemes are listed first in Superset's select. */
  group?: string;
  /** Diverging sequential schemes have a neutral middle. */
  isDiverging?: boolean;
  colors: readonly string[];
}

export const DEFAULT_CATEGORICAL_SCHEME = 'supersetColors';
export const DEFAULT_SEQUENTIAL_SCHEME = 'superset_seq_1';

function registry(schemes: readonly ColorScheme[], aliasId: string, defaultId: string) {
  const byId = new Map(schemes.map((s) => [s.id, s]));
  const alias = byId.get(aliasId);
  if (alias) byId.set('SUPERSET_DEFAULT', { ...alias, id: 'SUPERSET_DEFAULT' });
  const fallback = byId.get(defaultId) as ColorScheme;
  return {
    /** The scheme, or the default one when the id is missing or unknown. */
    get: (id?: string | null): ColorScheme => (id ? byId.get(id) : undefined) ?? fallback,
    /** The scheme only when the id is registered. */
    find: (id?: string | null): ColorScheme | undefined => (id ? byId.get(id) : undefined),
    has: (id?: string | null): boolean => Boolean(id && byId.has(id)),
    /** The schemes a select offers, in registration order (the alias is not offered). */
    list: (): readonly ColorScheme[] => schemes,
    defaultId,
  };
}

export const categoricalSchemes = registry(CATEGORICAL_SCHEMES, 'd3Category10', DEFAULT_CATEGORICAL_SCHEME);
export const sequentialSchemes = registry(SEQUENTIAL_SCHEMES, 'schemeRdBu', DEFAULT_SEQUENTIAL_SCHEME);

/**
 * A form data colour scheme after hydration: unknown ids fall back to the default (spec,
 * 'unknown colour scheme falls back to the default').
 */
export const normalizeColorScheme = (id: string | null | undefined): string =>
  categoricalSchemes.has(id) ? (id as string) : DEFAULT_CATEGORICAL_SCHEME;

export const normalizeSequentialScheme = (id: string | null | undefined): string =>
  sequentialSchemes.has(id) ? (id as string) : DEFAULT_SEQUENTIAL_SCHEME;
