/**
 * 'Download as image' of the whole dashboard: a PNG of the layout area with each chart's title
 * and its drawing (the interactive SVG once drawn, else the server's), each layout header's text,
 * placed where they are on screen. Charts drawn as HTML (tables, big numbers) and markdown show as
 * their title and an outlined box: a canvas draws only SVG pictures safely. Charts not drawn yet
 * (below the fold) are outlined too. Browser-only: called from an event handler.
 */
import { ImageUnavailableError } from '~/ui/explore/header/browser-actions';
import { imageFileName } from '~/ui/explore/header/save-payload';

/** Canvas pixels at most (browsers refuse larger canvases; a long dashboard is drawn at a lower ratio). */
const MAX_PIXELS = 32_000_000;
const MAX_SIDE = 16_000;

/** The drawing of one chart holder: its visible SVG (the hidden server copy and nested SVGs skipped). */
function chartSvg(holder: Element): SVGSVGElement | null {
  const candidates = [...holder.querySelectorAll('figure svg')].filter((svg): svg is SVGSVGElement => {
    if (!(svg instanceof SVGSVGElement) || svg.closest('.invisible') || svg.parentElement?.closest('svg')) return false;
    const box = svg.getBoundingClientRect();
    return box.width > 40 && box.height > 40;
  });
  return candidates.at(-1) ?? null;
}

function svgImage(svg: SVGSVGElement, width: number, height: number): Promise<HTMLImageElement> {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(Math.round(width)));
  copy.setAttribute('height', String(Math.round(height)));
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new ImageUnavailableError('The dashboard could not be drawn as an image.'));
    image.src = url;
  });
}

const opaque = (color: string, fallback: string) => (!color || color === 'transparent' || color === 'rgba(0, 0, 0, 0)' ? fallback : color);

export async function downloadDashboardImage(root: HTMLElement | null, title: string): Promise<void> {
  if (!root) throw new ImageUnavailableError('The dashboard could not be drawn as an image.');
  const area = root.getBoundingClientRect();
  if (area.width < 1 || area.height < 1) throw new ImageUnavailableError('The dashboard could not be drawn as an image.');
  const wanted = Math.min(2, Math.max(1, window.devicePixelRatio || 1));
  const scale = Math.min(wanted, Math.sqrt(MAX_PIXELS / (area.width * area.height)), MAX_SIDE / area.width, MAX_SIDE / area.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new ImageUnavailableError('The dashboard could not be drawn as an image.');
  const page = getComputedStyle(document.body);
  context.fillStyle = opaque(page.backgroundColor, '#ffffff');
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(scale, scale);
  const text = opaque(page.color, '#0f172a');
  const at = (box: DOMRect) => ({ x: box.left - area.left, y: box.top - area.top });

  for (const heading of root.querySelectorAll('h2, h3, h4')) {
    const box = heading.getBoundingClientRect();
    const style = getComputedStyle(heading);
    context.fillStyle = opaque(style.color, text);
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    context.textBaseline = 'top';
    context.fillText(heading.textContent ?? '', at(box).x, at(box).y, box.width);
  }

  for (const holder of root.querySelectorAll('[data-component="chart"], [data-component="markdown"]')) {
    const box = holder.getBoundingClientRect();
    const { x, y } = at(box);
    context.strokeStyle = '#cbd5e1';
    context.lineWidth = 1;
    context.strokeRect(x + 0.5, y + 0.5, box.width - 1, box.height - 1);
    const name = holder.getAttribute('data-component') === 'chart' ? holder.querySelector('p')?.textContent ?? '' : '';
    if (name) {
      context.fillStyle = text;
      context.font = `500 14px ${page.fontFamily}`;
      context.textBaseline = 'top';
      context.fillText(name, x + 8, y + 8, box.width - 16);
    }
    const svg = holder.getAttribute('data-component') === 'chart' ? chartSvg(holder) : null;
    if (!svg) continue;
    const picture = svg.getBoundingClientRect();
    const image = await svgImage(svg, picture.width, picture.height);
    context.drawImage(image, at(picture).x, at(picture).y, picture.width, picture.height);
  }

  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new ImageUnavailableError('The dashboard could not be drawn as an image.');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = imageFileName(title, new Date());
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
