/**
 * Dashboard thumbnails: the dashboard's first screen (its title, then its layout on the 12-column
 * grid, the active tabs only) drawn as one SVG mosaic at 800x600, answered by
 * `GET /api/v1/dashboard/{pk}/thumbnail/{digest}/` (Superset's path) and shown by the dashboard
 * list's cards. Each chart in view is its own server drawing, nested and scaled into its box;
 * headers and tab names are text, markdown a grey block, dividers a line. The drawings come from
 * loadDashboardPage, so the thumbnail follows the page's access rules (a dashboard out of sight is
 * a 404, checked before the cache is read; a chart the user may not see is an empty box, unnamed)
 * and its colours, and its queries are the page's, answered by the chart data cache the page fills.
 * The digest hashes what the picture depends on (the layout, the metadata that colours it, the
 * time of the last save), as chart thumbnails do; the picture is cached by dashboard, digest and
 * user, since two users may see different charts and rows. Every text drawn is data: escaped.
 */
import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DASHBOARD_PAGE_WIDTH } from '~/lib/dashboard/chart-box';
import { DASHBOARD_HEADER_PX, DIVIDER_PX, HEADER_PX, TABS_BAR_PX } from '~/lib/dashboard/fold';
import {
  BACKGROUND_WHITE, DASHBOARD_ROOT_ID, GRID_BASE_UNIT, GRID_COLUMN_COUNT, GRID_DEFAULT_CHART_HEIGHT, GRID_GUTTER_SIZE, getItem,
  type DashboardLayout, type LayoutItem,
} from '~/lib/dashboard/layout';
import { loadViz } from '~/viz/registry';
import type { HtmlModel } from '~/viz/types';
import type { Dashboard } from '../../../db/index';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { cacheGet, cacheSetInBackground } from '../cache/cache.server';
import type { RenderedChart } from '../charts/render-chart.server';
import { env } from '../env.server';
import { getVisibleDashboard, VIEW } from './access.server';
import type { DashboardPageData } from './page.server';

export const DASHBOARD_THUMBNAIL_WIDTH = 800;
export const DASHBOARD_THUMBNAIL_HEIGHT = 600;
const CACHE_PREFIX = 'dashboard-thumbnail:';
/** The page around the layout, in page pixels. */
const MARGIN = 16;
/** The first screen, in page pixels: the page's width and margins, at the picture's 4:3. */
const SCREEN_WIDTH = DASHBOARD_PAGE_WIDTH + 2 * MARGIN;
const SCREEN_HEIGHT = Math.round((SCREEN_WIDTH * DASHBOARD_THUMBNAIL_HEIGHT) / DASHBOARD_THUMBNAIL_WIDTH);
const COLUMN_PX = DASHBOARD_PAGE_WIDTH / GRID_COLUMN_COUNT;
/** The chart holder's title bar (CHART_HEADER_HEIGHT of chart-box.ts), where the chart's name goes. */
const CHART_TITLE_PX = 40;
const FONT = 'font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif"';
const HEADER_FONT_PX: Readonly<Record<string, number>> = { SMALL_HEADER: 16, MEDIUM_HEADER: 20, LARGE_HEADER: 24 };

type DigestSource = Pick<Dashboard, 'id' | 'changed_on' | 'position_json' | 'json_metadata'>;

/** A hash of the dashboard's layout, colours (json_metadata) and last save: what the picture depends on. */
export function dashboardThumbnailDigest(dashboard: DigestSource): string {
  return createHash('sha256')
    .update(`${dashboard.id}\n${dashboard.changed_on.toISOString()}\n`)
    .update(dashboard.position_json ?? '').update('\n')
    .update(dashboard.json_metadata ?? '')
    .digest('hex').slice(0, 32);
}

/** Superset's `thumbnail_url` of a dashboard. */
export function dashboardThumbnailUrl(dashboard: DigestSource): string {
  return `/api/v1/dashboard/${dashboard.id}/thumbnail/${dashboardThumbnailDigest(dashboard)}/`;
}

export function dashboardThumbnailCacheKey(dashboardId: number, digest: string, userId: number): string {
  return `${CACHE_PREFIX}${dashboardId}:${digest}:${userId}`;
}

export type DashboardThumbnail =
  | { kind: 'svg'; svg: string }
  /** An old digest (the dashboard was saved since): where the current picture is, as Superset redirects. */
  | { kind: 'moved'; url: string };

// Characters XML 1.0 refuses even as entities would make the whole picture unreadable.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(XML_INVALID, '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function text(x: number, y: number, value: string, size: number, attrs = ''): string {
  return `<text x="${x}" y="${y}" ${FONT} font-size="${size}" ${attrs}>${escapeXml(value)}</text>`;
}

/**
 * Ids in a chart's SVG (gradients, clip paths) made unique to its place in the mosaic: several
 * charts in one document would otherwise share them and draw with each other's clips.
 */
function scopeIds(svg: string, scope: string): string {
  return svg
    .replace(/\bid="([^"]+)"/g, `id="${scope}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${scope}-$1)`)
    .replace(/\b((?:xlink:)?href)="#([^"]+)"/g, `$1="#${scope}-$2"`);
}

const HTML_STYLE = 'div,table{font-family:sans-serif;color:#0f172a}table{border-collapse:collapse;font-size:13px}'
  + 'th,td{padding:3px 8px;border-bottom:1px solid #e2e8f0;text-align:left;white-space:nowrap}input,button,nav{display:none}';

type Box = { x: number; y: number; width: number; height: number };

/** A chart's drawing in its box: the ECharts SVG nested and scaled, an HTML view in a foreignObject, or its message. */
async function chartDrawing(rendered: RenderedChart, box: Box, scope: string): Promise<{ svg: string; failed: boolean }> {
  const { model } = rendered;
  const message = (value: string, color: string) => text(box.x + box.width / 2, box.y + box.height / 2, clip(value, 80), 14, `text-anchor="middle" fill="${color}"`);
  switch (model.kind) {
    case 'echarts':
      return {
        svg: `<svg x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" viewBox="0 0 ${model.width} ${model.height}" overflow="hidden">`
          + `${scopeIds(model.svg, scope)}</svg>`,
        failed: false,
      };
    case 'html': {
      const View = (await loadViz(rendered.vizType))?.View;
      if (!View) return { svg: message(`There is no view for the chart type "${rendered.vizType}".`, '#475569'), failed: true };
      const htmlModel: HtmlModel = { kind: 'html', props: model.props, width: model.width, height: model.height };
      return {
        svg: `<foreignObject x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}">`
          + `<div xmlns="http://www.w3.org/1999/xhtml" style="width:${box.width}px;height:${box.height}px;overflow:hidden">`
          + `<style>${HTML_STYLE}</style>${renderToStaticMarkup(createElement(View, { model: htmlModel }))}</div></foreignObject>`,
        failed: false,
      };
    }
    case 'empty':
      return { svg: message(model.message, '#475569'), failed: false };
    case 'failed':
      return { svg: message(model.message, '#be123c'), failed: true };
  }
}

/** The mosaic's parts, in drawing order, and whether a chart failed (a passing failure is not cached). */
class Mosaic {
  readonly parts: Array<string | Promise<string>> = [];
  failed = false;
  private charts = 0;

  constructor(private readonly page: DashboardPageData) {}

  private get layout(): DashboardLayout {
    return this.page.layout;
  }

  /** Children one under another from `y`, the gutter between them; answers their total height. */
  private stack(ids: readonly string[], x: number, y: number, columns: number): number {
    let top = y;
    let placed = 0;
    for (const id of ids) {
      const height = this.place(id, x, top, columns);
      if (height <= 0) continue;
      top += height + GRID_GUTTER_SIZE;
      placed += 1;
    }
    return placed === 0 ? 0 : top - y - GRID_GUTTER_SIZE;
  }

  /**
   * Draws the component at (x, y) in a grid `columns` wide, and answers its height: the heights of
   * fold.ts (the page's own estimate), so the mosaic's screen is the one the page draws first.
   */
  private place(id: string, x: number, y: number, columns: number): number {
    const item = getItem(this.layout, id);
    if (!item) return 0;
    const fullWidth = columns * COLUMN_PX - GRID_GUTTER_SIZE;
    const span = Math.min(Math.max(item.meta.width ?? 4, 1), columns);
    const width = span * COLUMN_PX - GRID_GUTTER_SIZE;
    const inView = y < SCREEN_HEIGHT;
    switch (item.type) {
      case 'ROOT':
      case 'GRID':
      case 'TAB':
        return this.stack(item.children, x, y, columns);
      case 'ROW': {
        const index = this.parts.length;
        let left = x;
        let height = 0;
        for (const child of item.children) {
          const childSpan = Math.min(Math.max(getItem(this.layout, child)?.meta.width ?? 4, 1), columns);
          height = Math.max(height, this.place(child, left, y, Math.min(childSpan, columns)));
          left += childSpan * COLUMN_PX;
        }
        if (inView && item.meta.background === BACKGROUND_WHITE) this.parts.splice(index, 0, this.panel({ x: x - 8, y: y - 8, width: fullWidth + 16, height: height + 16 }));
        return height;
      }
      case 'COLUMN': {
        const index = this.parts.length;
        const height = this.stack(item.children, x, y, span);
        if (inView && item.meta.background === BACKGROUND_WHITE) this.parts.splice(index, 0, this.panel({ x: x - 8, y: y - 8, width: width + 16, height: height + 16 }));
        return height;
      }
      case 'TABS': {
        const shown = item.children.find((tabId) => this.page.activeTabs.includes(tabId)) ?? item.children[0];
        if (inView) this.tabBar(item, shown, x, y, fullWidth);
        return TABS_BAR_PX + (shown ? this.place(shown, x, y + TABS_BAR_PX, columns) : 0);
      }
      case 'HEADER': {
        const height = HEADER_PX[String(item.meta.headerSize)] ?? HEADER_PX.MEDIUM_HEADER;
        const size = HEADER_FONT_PX[String(item.meta.headerSize)] ?? HEADER_FONT_PX.MEDIUM_HEADER;
        if (inView) {
          if (item.meta.background === BACKGROUND_WHITE) this.parts.push(this.panel({ x, y, width: fullWidth, height }));
          this.parts.push(text(x + 12, y + height / 2 + size / 3, clip(String(item.meta.text ?? ''), 120), size, 'font-weight="600" fill="#0f172a"'));
        }
        return height;
      }
      case 'DIVIDER':
        if (inView) this.parts.push(`<line x1="${x}" y1="${y + DIVIDER_PX / 2}" x2="${x + fullWidth}" y2="${y + DIVIDER_PX / 2}" stroke="#cbd5e1" stroke-width="1"/>`);
        return DIVIDER_PX;
      case 'MARKDOWN': {
        const height = (item.meta.height ?? GRID_DEFAULT_CHART_HEIGHT) * GRID_BASE_UNIT;
        if (inView) this.parts.push(`<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="6" fill="#e2e8f0" data-component="markdown"/>`);
        return height;
      }
      case 'CHART': {
        const height = (item.meta.height ?? GRID_DEFAULT_CHART_HEIGHT) * GRID_BASE_UNIT;
        if (inView) this.chart(item, { x, y, width, height });
        return height;
      }
      default:
        return 0;
    }
  }

  private panel(box: Box): string {
    return `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="6" fill="#ffffff"/>`;
  }

  private tabBar(item: LayoutItem, shown: string | undefined, x: number, y: number, width: number): void {
    let left = x + 12;
    for (const tabId of item.children) {
      const label = clip(String(getItem(this.layout, tabId)?.meta.text || 'Untitled tab'), 40);
      const active = tabId === shown;
      this.parts.push(text(left, y + 26, label, 14, `font-weight="500" fill="${active ? '#1d4ed8' : '#475569'}"`));
      // Text is not measured on the server: an estimate of its width places the next tab.
      const labelWidth = label.length * 8;
      if (active) this.parts.push(`<rect x="${left - 4}" y="${y + 36}" width="${labelWidth + 8}" height="2" fill="#2563eb"/>`);
      left += labelWidth + 32;
    }
    this.parts.push(`<line x1="${x}" y1="${y + 38}" x2="${x + width}" y2="${y + 38}" stroke="#e2e8f0" stroke-width="1"/>`);
  }

  private chart(item: LayoutItem, box: Box): void {
    const chartId = typeof item.meta.chartId === 'number' ? item.meta.chartId : null;
    const chart = chartId === null ? undefined : this.page.charts[chartId];
    const border = chart ? 'stroke="#e2e8f0"' : 'stroke="#cbd5e1" stroke-dasharray="6 4"';
    this.parts.push(`<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="6" fill="#ffffff" ${border} data-component="chart"/>`);
    // A chart the user may not see stays an empty box: its name in the stored layout is not theirs to read.
    if (!chart) return;
    const name = (typeof item.meta.sliceNameOverride === 'string' && item.meta.sliceNameOverride) || chart.name || 'Untitled chart';
    this.parts.push(text(box.x + 12, box.y + 26, clip(name, 80), 16, 'font-weight="600" fill="#0f172a"'));
    const rendered = this.page.rendered[chart.id];
    if (!rendered) return;
    this.charts += 1;
    const drawingBox = { x: box.x, y: box.y + CHART_TITLE_PX, width: box.width, height: Math.max(box.height - CHART_TITLE_PX, 0) };
    this.parts.push(chartDrawing(rendered, drawingBox, `c${this.charts}`).then(({ svg, failed }) => {
      if (failed) this.failed = true;
      return svg;
    }));
  }

  async draw(): Promise<string> {
    this.place(DASHBOARD_ROOT_ID, MARGIN, DASHBOARD_HEADER_PX, GRID_COLUMN_COUNT);
    const body = (await Promise.all(this.parts)).join('');
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${DASHBOARD_THUMBNAIL_WIDTH}" height="${DASHBOARD_THUMBNAIL_HEIGHT}" viewBox="0 0 ${SCREEN_WIDTH} ${SCREEN_HEIGHT}">`
      + `<rect width="100%" height="100%" fill="#f8fafc"/>`
      + text(MARGIN, 46, clip(this.page.dashboard.title, 80), 28, 'font-weight="600" fill="#0f172a"')
      + body
      + '</svg>';
  }
}

/** The dashboard's first screen as an SVG mosaic, and whether it may be cached. */
export async function drawDashboardThumbnail(page: DashboardPageData): Promise<{ svg: string; cacheable: boolean }> {
  const mosaic = new Mosaic(page);
  const svg = await mosaic.draw();
  return { svg, cacheable: !mosaic.failed };
}

export async function dashboardThumbnail(user: CurrentUser, dashboardId: number, digest: string): Promise<DashboardThumbnail> {
  requirePermission(user, 'can_read', VIEW);
  const dashboard = await getVisibleDashboard(user, { id: dashboardId });
  const current = dashboardThumbnailDigest(dashboard);
  if (digest !== current) return { kind: 'moved', url: dashboardThumbnailUrl(dashboard) };
  const key = dashboardThumbnailCacheKey(dashboard.id, current, user.id);
  const hit = await cacheGet<string>(key).catch(() => undefined);
  if (typeof hit === 'string') return { kind: 'svg', svg: hit };
  // Imported when drawn: the page module reaches show.server.ts and the list resource, which import this module for the URL.
  const { loadDashboardPage } = await import('./page.server');
  const { svg, cacheable } = await drawDashboardThumbnail(await loadDashboardPage(user, { id: dashboard.id }));
  if (cacheable) cacheSetInBackground(key, svg, env().CACHE_DEFAULT_TIMEOUT);
  return { kind: 'svg', svg };
}
