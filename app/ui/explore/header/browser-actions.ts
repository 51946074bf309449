/**
 * What the header asks of the browser: copying text, posting a plain form (downloads and "Run in
 * SQL Lab" are navigations the browser handles, so a file arrives as a download and SQL Lab
 * opens as a page), and the chart as a PNG, drawn from its SVG (or, for an HTML chart, its DOM
 * inside an SVG foreignObject) onto a canvas. Browser-only: called from event handlers.
 */
import { imageFileName } from './save-payload';

export class CopyUnsupportedError extends Error {
  constructor() {
    super('Sorry, your browser does not support copying.');
    this.name = 'CopyUnsupportedError';
  }
}

/** The async clipboard where there is one (secure contexts), else the old selection copy. */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, not focused): the selection copy below may still work.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    // Deprecated, but the only copy outside secure contexts (an http:// server on the network).
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  } finally {
    area.remove();
  }
  if (!copied) throw new CopyUnsupportedError();
}

/**
 * Posts hidden fields as a plain form in the current tab. A menu item cannot be a form (the menu
 * unmounts it in the click), so the form is made, submitted and removed here.
 */
export function postForm(action: string, fields: Record<string, string>, target?: string): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  if (target) form.target = target;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}

export class ImageUnavailableError extends Error {
  constructor(message = 'Download as image is not available for this chart.') {
    super(message);
    this.name = 'ImageUnavailableError';
  }
}

/** The chart's visible SVG: the interactive one once drawn, else the server's (the hidden copy is skipped). */
function visibleChartSvg(root: HTMLElement): SVGSVGElement | null {
  const candidates = [...root.querySelectorAll('svg')].filter((svg) => {
    if (svg.closest('.invisible') || svg.parentElement?.closest('svg')) return false;
    const box = svg.getBoundingClientRect();
    return box.width > 40 && box.height > 40;
  });
  return candidates.at(-1) ?? null;
}

/** An element and its children with their computed styles inlined: a foreignObject has no page stylesheet. */
function styledClone(element: Element, limit: { left: number }): Element {
  const clone = element.cloneNode(false) as Element;
  if (--limit.left < 0) throw new ImageUnavailableError('This chart is too large to download as an image.');
  if (clone instanceof HTMLElement || clone instanceof SVGElement) {
    const computed = getComputedStyle(element);
    let css = '';
    for (let i = 0; i < computed.length; i++) {
      const property = computed[i];
      css += `${property}:${computed.getPropertyValue(property)};`;
    }
    clone.setAttribute('style', css);
  }
  for (const child of element.childNodes) {
    if (child.nodeType === Node.ELEMENT_NODE) clone.appendChild(styledClone(child as Element, limit));
    else if (child.nodeType === Node.TEXT_NODE) clone.appendChild(child.cloneNode());
  }
  return clone;
}

/** The SVG markup to rasterise and its size in CSS pixels. */
function chartPicture(root: HTMLElement): { markup: string; width: number; height: number } {
  const svg = visibleChartSvg(root);
  if (svg) {
    const box = svg.getBoundingClientRect();
    const copy = svg.cloneNode(true) as SVGSVGElement;
    copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    copy.setAttribute('width', String(Math.round(box.width)));
    copy.setAttribute('height', String(Math.round(box.height)));
    return { markup: new XMLSerializer().serializeToString(copy), width: box.width, height: box.height };
  }
  const figure = root.querySelector('figure') ?? root;
  const box = figure.getBoundingClientRect();
  if (box.width < 1 || box.height < 1) throw new ImageUnavailableError();
  const body = new XMLSerializer().serializeToString(styledClone(figure, { left: 20_000 }));
  const markup =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(box.width)}" height="${Math.round(box.height)}">` +
    `<foreignObject x="0" y="0" width="100%" height="100%">${body}</foreignObject></svg>`;
  return { markup, width: box.width, height: box.height };
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new ImageUnavailableError());
    image.src = url;
  });
}

/** Draws the chart onto a canvas (at the screen's pixel ratio, on the page's background) and downloads it as a PNG. */
export async function downloadChartImage(root: HTMLElement | null, title: string): Promise<void> {
  if (!root) throw new ImageUnavailableError();
  const { markup, width, height } = chartPicture(root);
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
  const image = await loadImage(url);
  const scale = Math.min(3, Math.max(1, window.devicePixelRatio || 1));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new ImageUnavailableError();
  const background = getComputedStyle(document.body).backgroundColor;
  context.fillStyle = !background || background === 'transparent' || background === 'rgba(0, 0, 0, 0)' ? '#ffffff' : background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, width, height);
  let blob: Blob | null;
  try {
    blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  } catch {
    // A browser that taints canvases drawn from foreignObject refuses the export.
    throw new ImageUnavailableError();
  }
  if (!blob) throw new ImageUnavailableError();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = imageFileName(title, new Date());
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
