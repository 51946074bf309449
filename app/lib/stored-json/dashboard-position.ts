/**
 * `dashboards.position_json`, a dashboard's layout as JSON text (dashboards.md, "Layout
 * components"): component id → `{id, type, children[], parents[], meta}`, beside the version key
 * (`"DASHBOARD_VERSION_KEY": "v2"`). Components of types we do not draw yet (`DYNAMIC`) are kept;
 * an entry that is not a component (no id or type) is left out.
 */
import { z } from 'zod';
import { isJsonObject } from '../safe-json';
import { lenient, lenientList, readStoredJson } from './read-stored';

export const DASHBOARD_VERSION_KEY = 'DASHBOARD_VERSION_KEY';

export const LayoutComponentSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  children: lenientList(z.string()),
  parents: lenient(lenientList(z.string())),
  meta: z.looseObject({
    width: lenient(z.number()),
    height: lenient(z.number()),
    chartId: lenient(z.number().int()),
    sliceName: lenient(z.string()),
    uuid: lenient(z.string()),
    text: lenient(z.string()),
    code: lenient(z.string()),
    headerSize: lenient(z.string()),
    background: lenient(z.string()),
  }).catch({}),
});
export type LayoutComponent = z.output<typeof LayoutComponentSchema>;

export type DashboardPosition = {
  /** "v2" for every layout Superset writes today; null when the text has none. */
  version: string | null;
  components: Record<string, LayoutComponent>;
};

export const DashboardPositionSchema = z.unknown().transform((value, ctx): DashboardPosition => {
  if (!isJsonObject(value)) {
    ctx.addIssue({ code: 'custom', message: 'A layout is a JSON object.' });
    return z.NEVER;
  }
  const version = value[DASHBOARD_VERSION_KEY];
  const components: Record<string, LayoutComponent> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (key === DASHBOARD_VERSION_KEY) continue;
    const parsed = LayoutComponentSchema.safeParse(entry);
    // An own property: a stored key may be `__proto__`.
    if (parsed.success) Object.defineProperty(components, key, { value: parsed.data, enumerable: true, writable: true, configurable: true });
  }
  return { version: typeof version === 'string' ? version : null, components };
});

export function readDashboardPosition(text: string | null | undefined): DashboardPosition {
  return readStoredJson(text, DashboardPositionSchema, () => ({ version: null, components: {} }));
}

/** The ids of the charts the layout places, in the order of their components. */
export function chartIdsIn(position: DashboardPosition): number[] {
  const ids = Object.values(position.components).flatMap((c) => (c.type === 'CHART' && c.meta.chartId !== undefined ? [c.meta.chartId] : []));
  return [...new Set(ids)];
}
