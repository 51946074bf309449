/**
 * The chart-type picker's lists (spec explore.md section 2, "Chart-type picker"): fuzzy search over
 * the registry's types, the sidebar's categories and tags, and which types a sidebar entry shows.
 * Pure and isomorphic; it takes the registry as plain entries so app/lib does not depend on app/viz.
 */
import Fuse from 'fuse.js';

/** What the picker knows of a chart type (a structural subset of app/viz's VizMetadata). */
export interface VizPickerMetadata {
  name: string;
  description: string;
  category?: string | null;
  tags: string[];
  label?: string | null;
  deprecated?: boolean;
}

export interface VizPickerEntry<M extends VizPickerMetadata = VizPickerMetadata> {
  /** The viz_type key. */
  key: string;
  metadata: M;
}

/** The sidebar's 'Recommended tags', in the spec's order. */
export const RECOMMENDED_TAGS = ['Popular', 'ECharts', 'Advanced-Analytics'] as const;
export const OTHER_CATEGORY = 'Other';

/** Spec section 9 ("Chart badges"): how a badge moves a type in the search results. */
const DEPRECATED_WEIGHT = -0.1;
const FEATURED_WEIGHT = 0.1;

function orderWeight({ metadata }: VizPickerEntry): number {
  if (metadata.deprecated || metadata.label === 'DEPRECATED') return DEPRECATED_WEIGHT;
  if (metadata.label === 'FEATURED' || metadata.tags.includes('Featured')) return FEATURED_WEIGHT;
  return 0;
}

/**
 * The types matching the query, best first: Fuse's relevance (threshold 0.3, the name weighing 4,
 * the tags 2, the description 1, anywhere in the text), then, as Superset orders its gallery's
 * results, a stable sort by badge weight, so featured types come before the rest and deprecated
 * ones last. An empty query gives every entry in the order given (the registry's).
 */
export function searchVizTypes<E extends VizPickerEntry>(entries: readonly E[], query: string): E[] {
  const text = query.trim();
  if (text === '') return [...entries];
  const fuse = new Fuse(entries, {
    threshold: 0.3,
    ignoreLocation: true,
    keys: [
      { name: 'metadata.name', weight: 4 },
      { name: 'metadata.tags', weight: 2 },
      { name: 'metadata.description', weight: 1 },
    ],
  });
  return fuse
    .search(text)
    .map((result) => result.item)
    .sort((a, b) => orderWeight(b) - orderWeight(a));
}

/** A type's category as the sidebar groups it: none counts as Other. */
export function categoryOf(metadata: VizPickerMetadata): string {
  return metadata.category || OTHER_CATEGORY;
}

/** The categories present, alphabetically, with Other last. */
export function vizCategories(entries: readonly VizPickerEntry[]): string[] {
  const categories = [...new Set(entries.map((e) => categoryOf(e.metadata)))];
  return categories.sort((a, b) => (a === OTHER_CATEGORY ? 1 : b === OTHER_CATEGORY ? -1 : a.localeCompare(b)));
}

/** The tags present, alphabetically, without the recommended ones (they have their own section). */
export function vizTags(entries: readonly VizPickerEntry[]): string[] {
  const recommended = new Set<string>(RECOMMENDED_TAGS);
  return [...new Set(entries.flatMap((e) => e.metadata.tags))].filter((tag) => !recommended.has(tag)).sort((a, b) => a.localeCompare(b));
}

/** A sidebar entry: every chart, a recommended tag, a category or a tag. */
export type VizSelector = { kind: 'all' } | { kind: 'recommended'; tag: string } | { kind: 'category'; category: string } | { kind: 'tag'; tag: string };

export function sameSelector(a: VizSelector, b: VizSelector): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The types a sidebar entry shows, in the order given. 'Popular' takes the types tagged Featured
 * as well: Superset's plugins moved their 'Popular' tag to 'Featured' while the gallery kept
 * 'Popular' as a recommended tag, and an always-empty entry would help nobody.
 */
export function entriesForSelector<E extends VizPickerEntry>(entries: readonly E[], selector: VizSelector): E[] {
  switch (selector.kind) {
    case 'all':
      return [...entries];
    case 'category':
      return entries.filter((e) => categoryOf(e.metadata) === selector.category);
    case 'tag':
      return entries.filter((e) => e.metadata.tags.includes(selector.tag));
    case 'recommended': {
      const tags = selector.tag === 'Popular' ? ['Popular', 'Featured'] : [selector.tag];
      return entries.filter((e) => e.metadata.tags.some((tag) => tags.includes(tag)));
    }
  }
}
