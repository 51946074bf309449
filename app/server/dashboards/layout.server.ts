/**
 * A dashboard's layout (position_json, or json_metadata.positions as Superset's save sends it) and
 * metadata (json_metadata) as the write endpoints check them. Pure: the schemas say what a layout
 * component and each metadata key must be (section 3 of the dashboards spec, Superset's
 * DashboardJSONMetadataSchema), and the helpers read the charts a layout names and re-point them
 * at copies. Only app/lib is imported, so the layout editor may share these once they move there.
 */
import { z } from 'zod';
import { JsonMetadataKeysSchema } from '~/lib/dashboard/json-metadata';

/** The component types of a layout (Superset's componentTypes). */
export const COMPONENT_TYPES = ['ROOT', 'GRID', 'HEADER', 'ROW', 'COLUMN', 'CHART', 'MARKDOWN', 'DIVIDER', 'TABS', 'TAB', 'DYNAMIC'] as const;

/** The layout's version marker: the one key whose value is not a component. */
export const VERSION_KEY = 'DASHBOARD_VERSION_KEY';

const NOT_STRING = 'Not a valid string.';
const NOT_INTEGER = 'Not a valid integer.';
const NOT_LIST = 'Not a valid list.';
const NOT_MAPPING = 'Not a valid mapping type.';

const text = z.string({ error: NOT_STRING });
const mapping = z.record(z.string(), z.unknown(), { error: NOT_MAPPING });
const integer = z.number({ error: NOT_INTEGER }).int(NOT_INTEGER);
const chartId = integer.positive('Must be a positive id.');

/** One layout component: `{id, type, children, parents?, meta?}`; a chart's meta names its chart. */
const ComponentSchema = z
  .object({
    id: text,
    type: z.enum(COMPONENT_TYPES, { error: `Must be one of: ${COMPONENT_TYPES.join(', ')}.` }),
    children: z.array(text, { error: NOT_LIST }),
    parents: z.array(text, { error: NOT_LIST }).optional(),
    meta: mapping.optional(),
  }, { error: 'Not a valid layout component.' })
  .superRefine((component, ctx) => {
    if (component.type !== 'CHART') return;
    const parsed = chartId.safeParse(component.meta?.chartId);
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['meta', 'chartId'], message: 'A chart component must name its chart (a positive id).' });
  });

export type LayoutComponent = z.output<typeof ComponentSchema>;
export type Layout = Record<string, unknown>;

/** A layout: an object of components by id, plus the version marker. */
export const LayoutSchema = z.record(z.string(), z.unknown(), { error: 'Must be a JSON object.' }).superRefine((layout, ctx) => {
  for (const [key, value] of Object.entries(layout)) {
    if (key === VERSION_KEY) {
      if (typeof value !== 'string') ctx.addIssue({ code: 'custom', path: [key], message: NOT_STRING });
      continue;
    }
    const parsed = ComponentSchema.safeParse(value);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [key, ...issue.path.map(String)], message: issue.message });
  }
});

/** Superset's DashboardJSONMetadataSchema with the keys section 3 names (app/lib/dashboard/json-metadata.ts, shared with the properties editor); `positions` checked as a layout. */
export const JsonMetadataSchema = JsonMetadataKeysSchema.extend({ positions: LayoutSchema.nullish() });

function chartComponents(layout: Layout): LayoutComponent[] {
  return Object.entries(layout)
    .filter(([key]) => key !== VERSION_KEY)
    .map(([, value]) => value as LayoutComponent)
    .filter((c) => c.type === 'CHART');
}

/** The chart ids a (validated) layout names, each once, in layout order: Superset's slices from positions. */
export function chartIdsOf(layout: Layout): number[] {
  return [...new Set(chartComponents(layout).map((c) => Number(c.meta?.chartId)))];
}

/** The layout with each chart component pointed at its copy (Superset's copy with duplicate_slices); others unchanged. */
export function repointCharts(layout: Layout, copies: ReadonlyMap<number, number>): Layout {
  const out: Layout = {};
  for (const [key, value] of Object.entries(layout)) {
    const component = value as LayoutComponent;
    const copy = key !== VERSION_KEY && component.type === 'CHART' ? copies.get(Number(component.meta?.chartId)) : undefined;
    out[key] = copy === undefined ? value : { ...component, meta: { ...component.meta, chartId: copy } };
  }
  return out;
}
