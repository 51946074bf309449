/**
 * The properties dialog's pure parts: the slug cleaned as the server cleans it (Superset's slug
 * pre_load, app/server/dashboards/inputs.server.ts cleanSlug), the checks Apply runs, the colour
 * schemes the select offers, and the related-object queries of the owners and roles pickers.
 */
import { CATEGORICAL_SCHEMES } from '~/lib/colors/categorical-schemes';
import { checkJsonMetadata } from '~/lib/dashboard/json-metadata';
import { encodeRisonUri } from '~/lib/rison';
import type { DashboardProperties } from '~/ui/dashboards/dashboard-editor/contract';

export const UNTITLED_PLACEHOLDER = '[ untitled dashboard ]';
export const SLUG_MAX = 255;
export const TITLE_MAX = 500;

/** Trimmed, spaces to dashes, then only word characters and dashes (the server's rule). */
export function cleanSlug(slug: string): string {
  return slug.trim().replace(/ /g, '-').replace(/[^\w-]+/g, '');
}

export type PropertiesErrors = Partial<Record<'dashboard_title' | 'slug' | 'json_metadata', string>>;

export type PropertiesCheck = { ok: true; value: DashboardProperties } | { ok: false; errors: PropertiesErrors };

/**
 * What Apply hands on: the slug cleaned, empty metadata as `{}` (what PUT takes); or the errors to
 * show under each field. The JSON metadata errors are joined by "; ".
 */
export function checkProperties(value: DashboardProperties): PropertiesCheck {
  const errors: PropertiesErrors = {};
  const slug = cleanSlug(value.slug);
  if (slug.length > SLUG_MAX) errors.slug = `The URL slug may be at most ${SLUG_MAX} characters long.`;
  if (value.dashboard_title.length > TITLE_MAX) errors.dashboard_title = `The title may be at most ${TITLE_MAX} characters long.`;
  const metadata = checkJsonMetadata(value.json_metadata);
  if (!metadata.ok) errors.json_metadata = metadata.errors.join('; ');
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { ...value, slug, json_metadata: value.json_metadata.trim() === '' ? '{}' : value.json_metadata } };
}

export type SchemeOption = { id: string; label: string };

/** The categorical schemes, featured first (as Superset's select lists them), plus `current` when it is not one of them. */
export function colorSchemeOptions(current: string): SchemeOption[] {
  const featured = CATEGORICAL_SCHEMES.filter((s) => s.group === 'featured');
  const others = CATEGORICAL_SCHEMES.filter((s) => s.group !== 'featured');
  const options = [...featured, ...others].map((s) => ({ id: s.id, label: s.label ?? s.id }));
  if (current && !options.some((o) => o.id === current)) options.push({ id: current, label: `${current} (unknown scheme)` });
  return options;
}

export type RelatedColumn = 'owners' | 'roles';

/** GET /api/v1/dashboard/related/{owners|roles}: the first 100 matches of the search text. */
export function relatedQuery(column: RelatedColumn, search: string): string {
  return `/api/v1/dashboard/related/${column}?q=${encodeRisonUri({ filter: search.trim(), page: 0, page_size: 100 })}`;
}
