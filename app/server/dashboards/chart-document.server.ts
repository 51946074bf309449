/**
 * One chart as a small standalone HTML document: what the dashboard's lazy frame shows without
 * JavaScript (a chart below the fold, loaded by the browser when it scrolls near). It holds the
 * server's drawing (the SVG of an ECharts chart, the static markup of a table-like chart's view,
 * or the chart's message) with a few lines of inline CSS, and is served so that it can run
 * nothing (chart labels and cells are data) and be framed only by this site's own pages.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { escapeHtml } from '~/lib/dashboard/markdown';
import { loadViz } from '~/viz/registry';
import type { HtmlModel } from '~/viz/types';
import type { RenderedChart } from '../charts/render-chart.server';

/** Scripts, plugins, fetches and forms are all refused; only inline style and data: images load; only this site may frame it. */
export const CHART_DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Content-Type-Options': 'nosniff',
  // Drawn from the user's own data access: no shared cache may keep it.
  'Cache-Control': 'no-store',
};

const STYLE = [
  'html,body{margin:0;padding:0;background:transparent;font:13px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a}',
  'figure{margin:0;width:100%;height:100vh;overflow:auto}',
  'figure>svg{display:block;width:100%;height:100%}',
  '.message{display:flex;align-items:center;justify-content:center;text-align:center;padding:1rem;box-sizing:border-box}',
  '.failed{color:#be123c}',
  'table{border-collapse:collapse;width:100%}th,td{padding:2px 6px;border-bottom:1px solid #e2e8f0;text-align:left;white-space:nowrap}th{font-weight:600}',
].join('');

/** ECharts' SSR SVG has a fixed width and height: a viewBox lets it scale to the frame. */
function viewBoxed(svg: string, width: number, height: number): string {
  if (svg.includes('viewBox=')) return svg;
  return svg.replace('<svg ', `<svg viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMidYMid meet" `);
}

function document(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

const message = (title: string, text: string, failed: boolean) =>
  `<figure class="message${failed ? ' failed' : ''}" aria-label="${escapeHtml(title)}"><p role="${failed ? 'alert' : 'status'}">${escapeHtml(text)}</p></figure>`;

/** The chart's document: its drawing under its title. */
export async function chartDocument(title: string, chart: RenderedChart): Promise<string> {
  const { model } = chart;
  const label = escapeHtml(title);
  switch (model.kind) {
    case 'echarts':
      return document(title, `<figure aria-label="${label}">${viewBoxed(model.svg, model.width, model.height)}</figure>`);
    case 'html': {
      const View = (await loadViz(chart.vizType))?.View;
      if (!View) return document(title, message(title, `There is no view for the chart type "${chart.vizType}".`, true));
      const htmlModel: HtmlModel = { kind: 'html', props: model.props, width: model.width, height: model.height };
      return document(title, `<figure aria-label="${label}">${renderToStaticMarkup(createElement(View, { model: htmlModel }))}</figure>`);
    }
    case 'empty':
      return document(title, message(title, model.message, false));
    case 'failed':
      return document(title, message(title, model.message, true));
  }
}

/** A chart that could not be answered (not found, not allowed), as a small document the frame shows. */
export function chartErrorDocument(text: string): string {
  return document('Chart unavailable', message('Chart unavailable', text, true));
}

export function chartDocumentResponse(html: string, status = 200): Response {
  return new Response(html, { status, headers: CHART_DOCUMENT_HEADERS });
}
