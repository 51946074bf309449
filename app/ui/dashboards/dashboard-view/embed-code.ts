/**
 * The dashboard's embed code: an iframe of its standalone view (no navigation) at the size the
 * user sets, as Superset's 'Embed dashboard' writes it.
 */

export const DEFAULT_EMBED_WIDTH = 600;
export const DEFAULT_EMBED_HEIGHT = 400;

/** A size typed in the dialog: whole pixels up to 5 digits, else the fallback. */
export function embedSize(text: string, fallback: number): number {
  const trimmed = text.trim();
  return /^\d{1,5}$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : fallback;
}

// Quotes and tags only: the URL's own '&' stays readable, as embed snippets write it.
const attribute = (text: string) => text.replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `<iframe … src="{origin}{dashboard url}?standalone=1&height=…"></iframe>` on one line. */
export function dashboardEmbedCode(origin: string, dashboardUrl: string, width: number, height: number): string {
  const src = `${origin}${dashboardUrl}${dashboardUrl.includes('?') ? '&' : '?'}standalone=1&height=${height}`;
  return `<iframe width="${width}" height="${height}" seamless frameBorder="0" scrolling="no" src="${attribute(src)}"></iframe>`;
}
