/** Small colour helpers the chart types share, with Superset's thresholds and outputs. */

const RGB = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*[\d.]+\s*)?\)$/;

/** [r, g, b] of '#abc', '#aabbcc' or 'rgb(r, g, b)'; null for anything else. */
export function parseColor(color: string): [number, number, number] | null {
  const rgb = RGB.exec(color.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  let hex = color.trim().replace(/^#/, '');
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(hex)) return null;
  return [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)];
}

/**
 * Black or white text on a background, by Superset's weighted brightness and the spec's
 * threshold 186: above it the background is light and the text '#000'. Unparseable colours get
 * '#000' (Superset throws).
 */
export function getContrastingColor(background: string, threshold = 186): '#000' | '#FFF' {
  const rgb = parseColor(background);
  if (!rgb) return '#000';
  const [r, g, b] = rgb;
  return r * 0.299 + g * 0.587 + b * 0.114 > threshold ? '#000' : '#FFF';
}

/** '#1FA8C9' with opacity 0.5 → '#1FA8C980' (the alpha in upper-case hex). */
export function addAlpha(color: string, opacity: number): string {
  if (!(opacity >= 0 && opacity <= 1)) throw new RangeError(`The opacity should between 0 and 1, but got: ${opacity}`);
  const alpha = Math.round(opacity * 255).toString(16).toUpperCase().padStart(2, '0');
  return `${color}${alpha}`;
}

export function hexToRgb(hex: string): string {
  const rgb = parseColor(hex) ?? [0, 0, 0];
  return `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})`;
}

export function rgbToHex(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Superset's colour picker value ({r, g, b, a}) as a CSS colour. */
export function rgbaToCss(color: { r: number; g: number; b: number; a?: number } | null | undefined): string | undefined {
  if (!color) return undefined;
  return `rgba(${color.r}, ${color.g}, ${color.b}, ${color.a ?? 1})`;
}
