/**
 * treemap_v2 as Superset's Treemap transformProps: the rows nested by the groupby columns (a
 * parent's value is the sum of its children), under a root named after the metric; top-level
 * groups take their colour from the page's colour context by label (their children show shades
 * of it), labels say the key, the value, and the share of the parent as `label_type` asks, and the
 * tooltip gives the path, the value and the share of the parent.
 */
import { GenericDataType, type QueryColumn, type QueryMetric } from '~/lib/chart-data/types';
import { getValueFormatter, type Currency } from '~/lib/format/currency-format';
import { getNumberFormatter } from '~/lib/format/number-format';
import { getTimeFormatter } from '~/lib/format/time-format';
import { savedFormats } from '../big-number-total/kpi';
import { ensureIsArray, getColumnLabel, getMetricLabel } from '../shared/query';
import { escapeHtml, tooltipHtml } from '../timeseries/tooltip';
import type { EChartsModel, FormData, TransformInput } from '../types';
import { DEFAULTS } from './control-panel';

export const NULL_STRING = '<NULL>';
const COLOR_SATURATION = [0.7, 0.4];
const LABEL_FONTSIZE = 11;
const BORDER_WIDTH = 2;
const GAP_WIDTH = 2;
const BORDER_COLOR = '#fff';
/** Superset's OpacityEnum.SemiTransparent: what a cross-filter leaves out. */
const SEMI_TRANSPARENT = 0.3;

interface TreeNode {
  name: string;
  value: number;
  children?: TreeNode[];
}

interface TreemapItem {
  name: string;
  value: number;
  colorSaturation?: number[];
  itemStyle?: Record<string, unknown>;
  label?: Record<string, unknown>;
  upperLabel?: Record<string, unknown>;
  children?: TreemapItem[];
}

interface PathInfo {
  name?: string;
  value?: number;
}

function formatName(value: unknown, coltype: number | undefined, timeFormatter: (v: number | Date) => string): string {
  if (value === null || value === undefined) return NULL_STRING;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date || coltype === GenericDataType.TEMPORAL) {
    const d = value instanceof Date ? value : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : (value as number));
    return timeFormatter(d);
  }
  return String(value);
}

/** Rows nested by the group-by labels, in the order the groups first appear; leaves one per row. */
function buildTree(rows: Record<string, unknown>[], keys: string[], metric: string, nameOf: (key: string, v: unknown) => string): TreeNode[] {
  if (!keys.length) return [];
  const [key, ...rest] = keys;
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const name = nameOf(key, row[key]);
    const group = groups.get(name);
    if (group) group.push(row);
    else groups.set(name, [row]);
  }
  const nodes: TreeNode[] = [];
  for (const [name, group] of groups) {
    if (!rest.length) {
      for (const row of group) nodes.push({ name, value: Number(row[metric]) || 0 });
    } else {
      const children = buildTree(group, rest, metric, nameOf);
      nodes.push({ name, value: children.reduce((sum, c) => sum + c.value, 0), children });
    }
  }
  return nodes;
}

export function transformProps({ formData, queriesData, width, height, datasource, colors, filterState }: TransformInput<FormData>): EChartsModel {
  const { data = [], colnames = [], coltypes = [] } = queriesData[0] ?? {};
  const fd: FormData = { ...DEFAULTS, ...formData };
  const metric = (fd.metric ?? '') as QueryMetric;
  const metricLabel = getMetricLabel(metric);
  const groupbyLabels = ensureIsArray(fd.groupby as QueryColumn[]).map(getColumnLabel);
  const sliceId = (fd.slice_id as number | null | undefined) ?? null;
  const coltypeOf = Object.fromEntries(colnames.map((c, i) => [c, coltypes[i]]));
  const timeFormatter = getTimeFormatter(fd.date_format as string);
  const { currencyFormats, columnFormats } = savedFormats(datasource);
  const numberFormatter = getValueFormatter(metric, currencyFormats, columnFormats, (fd.number_format as string) || undefined, fd.currency_format as Currency | undefined);
  const percentFormatter = getNumberFormatter(',.2%');
  const colorScale = colors.getScale(fd.color_scheme as string | undefined);
  const selected = filterState?.selectedValues ?? null;

  const shareOfParent = (path: PathInfo[]): string => {
    const current = path[path.length - 1];
    const parent = path[path.length - 2];
    if (!parent) return '';
    return percentFormatter(parent.value ? (current?.value ?? 0) / parent.value : 0);
  };

  const formatter = (params: { name?: string; value?: number; treePathInfo?: PathInfo[] }) => {
    const name = params.name ?? '';
    const value = numberFormatter(params.value);
    const percent = shareOfParent(params.treePathInfo ?? []);
    switch (fd.label_type) {
      case 'key':
        return name;
      case 'value':
        return value;
      case 'key_percent':
        return percent ? `${name}: ${percent}` : name;
      case 'key_value_percent':
        return percent ? `${name}: ${value} (${percent})` : `${name}: ${value}`;
      default:
        return `${name}: ${value}`;
    }
  };

  const tooltipFormatter = (params: { value?: number; treePathInfo?: PathInfo[] }) => {
    const pathInfo = params.treePathInfo ?? [];
    const names = pathInfo.map((p) => p?.name || '').filter((n) => n !== '');
    const label = names.shift() ?? '';
    const row = [escapeHtml(label), escapeHtml(numberFormatter(params.value))];
    const percent = shareOfParent(pathInfo);
    if (percent) row.push(percent);
    return tooltipHtml([row], escapeHtml(names.join(' ▸ ')));
  };

  // The root first, as Superset colours it first: the scale's order stays Superset's.
  const rootColor = colorScale(metricLabel, sliceId);
  const tree = buildTree(data, groupbyLabels, metricLabel, (key, v) => formatName(v, coltypeOf[key], timeFormatter));

  const toItems = (nodes: TreeNode[], path: string[], depth: number): TreemapItem[] =>
    nodes.map((node) => {
      const newPath = [...path, node.name];
      let item: TreemapItem = {
        name: node.name,
        value: node.value,
        colorSaturation: COLOR_SATURATION,
        itemStyle: {
          borderColor: BORDER_COLOR,
          borderWidth: BORDER_WIDTH,
          gapWidth: GAP_WIDTH,
          // Top-level groups by label; deeper nodes inherit their group's colour.
          ...(depth === 0 ? { color: colorScale(node.name, sliceId) } : {}),
        },
      };
      if (node.children?.length) {
        item.children = toItems(node.children, newPath, depth + 1);
      } else if (selected && !selected.includes(newPath.join(','))) {
        item = { ...item, itemStyle: { ...item.itemStyle, colorAlpha: SEMI_TRANSPARENT }, label: { color: `rgba(0, 0, 0, ${SEMI_TRANSPARENT})` } };
      }
      return item;
    });

  const root: TreemapItem = {
    name: metricLabel,
    value: tree.reduce((sum, n) => sum + n.value, 0),
    colorSaturation: COLOR_SATURATION,
    itemStyle: { borderColor: BORDER_COLOR, color: rootColor, borderWidth: BORDER_WIDTH, gapWidth: GAP_WIDTH },
    upperLabel: { show: false },
    children: toItems(tree, [], 0),
  };

  return {
    kind: 'echarts',
    width,
    height,
    option: {
      tooltip: { trigger: 'item', confine: true, formatter: tooltipFormatter },
      series: [
        {
          type: 'treemap',
          width: '100%',
          height: '100%',
          nodeClick: undefined,
          roam: !fd.dashboardId,
          breadcrumb: { show: false, emptyItemWidth: 25 },
          emphasis: { label: { show: true } },
          // The root level is the metric: no labels, the theme colour when every value is 0.
          levels: [{ upperLabel: { show: false }, label: { show: false }, itemStyle: { color: '#20A7C9' } }],
          label: { show: Boolean(fd.show_labels), position: fd.label_position, formatter, color: '#333', fontSize: LABEL_FONTSIZE },
          upperLabel: { show: Boolean(fd.show_upper_labels), formatter, textBorderColor: 'transparent', fontSize: LABEL_FONTSIZE },
          data: [root],
        },
      ],
    },
  };
}
