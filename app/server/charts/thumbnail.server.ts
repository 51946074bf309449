/**
 * Chart thumbnails: the saved chart drawn on the server at 800x450 as one SVG document, answered
 * by `GET /api/v1/chart/{id}/thumbnail/{digest}/` (Superset's path) and shown by the chart list's
 * cards. The digest is a hash of what the picture depends on (the saved params and the time of
 * the last save), so a saved change gives a new URL and browsers may keep an answer as long as
 * they like. The drawing is renderChart's (the same query, access checks, row-level security and
 * data cache as Explore), cached in the cache store by chart, digest and user: two users may see
 * different rows of the same chart (row-level security), so one user's picture is never another's.
 * A chart out of the user's reach is the 404 a missing one is, checked before the cache is read.
 */
import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { isJsonObject, parseJsonText } from '~/lib/safe-json';
import { loadViz } from '~/viz/registry';
import type { FormData, HtmlModel } from '~/viz/types';
import type { Chart } from '../../../db/index';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { cacheGet, cacheSetInBackground } from '../cache/cache.server';
import { env } from '../env.server';
import { findVisibleChart, VIEW } from './ownership.server';
import { renderChart, type RenderedChart } from './render-chart.server';

export const THUMBNAIL_WIDTH = 800;
export const THUMBNAIL_HEIGHT = 450;
const CACHE_PREFIX = 'chart-thumbnail:';

type DigestSource = Pick<Chart, 'id' | 'params' | 'changed_on'>;

/** A hash of the chart's saved params and last change: what the picture depends on. */
export function thumbnailDigest(chart: Pick<Chart, 'params' | 'changed_on'>): string {
  return createHash('sha256').update(chart.params ?? '').update('\n').update(chart.changed_on.toISOString()).digest('hex').slice(0, 32);
}

/** Superset's `thumbnail_url` of a chart list row. */
export function thumbnailUrl(chart: DigestSource): string {
  return `/api/v1/chart/${chart.id}/thumbnail/${thumbnailDigest(chart)}/`;
}

export type ChartThumbnail =
  /** The picture, as an SVG document. */
  | { kind: 'svg'; svg: string }
  /** An old digest (the chart was saved since): where the current picture is, as Superset redirects. */
  | { kind: 'moved'; url: string };

export function thumbnailCacheKey(chartId: number, digest: string, userId: number): string {
  return `${CACHE_PREFIX}${chartId}:${digest}:${userId}`;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

function svgDocument(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMBNAIL_WIDTH}" height="${THUMBNAIL_HEIGHT}" viewBox="0 0 ${THUMBNAIL_WIDTH} ${THUMBNAIL_HEIGHT}">${body}</svg>`;
}

/** A message in the middle of the picture: an empty result, or why the chart could not be drawn. */
function messageSvg(message: string): string {
  const text = escapeXml(message.length > 120 ? `${message.slice(0, 117)}…` : message);
  return svgDocument(
    `<rect width="100%" height="100%" fill="#f8fafc"/>`
    + `<text x="50%" y="50%" text-anchor="middle" dominant-baseline="middle" font-family="sans-serif" font-size="20" fill="#475569">${text}</text>`,
  );
}

/**
 * An HTML chart type (table, pivot table, big numbers) in an SVG picture: its view's static markup
 * in a foreignObject. An image has no access to the page's stylesheet, so a few rules stand in for it.
 */
const HTML_STYLE = 'div,table{font-family:sans-serif;color:#0f172a}table{border-collapse:collapse;font-size:13px}'
  + 'th,td{padding:3px 8px;border-bottom:1px solid #e2e8f0;text-align:left;white-space:nowrap}input,button,nav{display:none}';

function htmlSvg(markup: string): string {
  return svgDocument(
    `<rect width="100%" height="100%" fill="#ffffff"/>`
    + `<foreignObject x="0" y="0" width="${THUMBNAIL_WIDTH}" height="${THUMBNAIL_HEIGHT}">`
    + `<div xmlns="http://www.w3.org/1999/xhtml" style="width:${THUMBNAIL_WIDTH}px;height:${THUMBNAIL_HEIGHT}px;overflow:hidden">`
    + `<style>${HTML_STYLE}</style>${markup}</div></foreignObject>`,
  );
}

/** Superset's Slice.form_data: the saved params with the chart's own id, type and dataset. */
function formDataOf(chart: Chart): FormData {
  let params: unknown = {};
  try {
    params = chart.params ? parseJsonText(chart.params) : {};
  } catch {
    // Unreadable params draw as the chart type's defaults, as Explore opens such a chart.
  }
  return {
    ...(isJsonObject(params) ? params : {}),
    slice_id: chart.id,
    viz_type: chart.viz_type,
    datasource: `${chart.datasource_id ?? 'None'}__${chart.datasource_type ?? 'table'}`,
  };
}

/** The picture, and whether it may be cached (a failure may be passing: a database down for a minute). */
async function draw(rendered: RenderedChart): Promise<{ svg: string; cacheable: boolean }> {
  const { model } = rendered;
  switch (model.kind) {
    case 'echarts':
      return { svg: model.svg, cacheable: true };
    case 'html': {
      const View = (await loadViz(rendered.vizType))?.View;
      if (!View) return { svg: messageSvg(`There is no view for the chart type "${rendered.vizType}".`), cacheable: false };
      const htmlModel: HtmlModel = { kind: 'html', props: model.props, width: model.width, height: model.height };
      return { svg: htmlSvg(renderToStaticMarkup(createElement(View, { model: htmlModel }))), cacheable: true };
    }
    case 'empty':
      return { svg: messageSvg(model.message), cacheable: true };
    case 'failed':
      return { svg: messageSvg(model.message), cacheable: false };
  }
}

export async function chartThumbnail(user: CurrentUser, chartId: number, digest: string): Promise<ChartThumbnail> {
  requirePermission(user, 'can_read', VIEW);
  const chart = await findVisibleChart(user, chartId);
  const current = thumbnailDigest(chart);
  if (digest !== current) return { kind: 'moved', url: thumbnailUrl(chart) };
  const key = thumbnailCacheKey(chart.id, current, user.id);
  const hit = await cacheGet<string>(key).catch(() => undefined);
  if (typeof hit === 'string') return { kind: 'svg', svg: hit };
  const rendered = await renderChart(user, formDataOf(chart), { width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT });
  const { svg, cacheable } = await draw(rendered);
  if (cacheable) cacheSetInBackground(key, svg, env().CACHE_DEFAULT_TIMEOUT);
  return { kind: 'svg', svg };
}
