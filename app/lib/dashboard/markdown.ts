/**
 * The dashboard's markdown blocks as HTML, safe by construction: every character of the source is
 * escaped, and only the tags written here come out (headings, paragraphs, emphasis, lists, inline
 * and fenced code, links). Raw HTML in the source is shown as text, so a `<script>` is inert on the
 * server's page and after hydration alike; a link keeps its href only for http, https, mailto or
 * a relative address (no `javascript:` or `data:`). A deliberately small subset of CommonMark: a
 * block that is not understood reads as a paragraph of text, never as markup.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** The href a link may keep, or null: http(s), mailto, or relative (path, query, fragment). */
export function safeHref(raw: string): string | null {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"): gone before checking.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  const href = raw.trim().replace(/[\u0000-\u001F\u007F\s]/g, '');
  if (!href) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href);
  if (scheme) return ['http', 'https', 'mailto'].includes(scheme[1].toLowerCase()) ? href : null;
  // "//host" is another site but no other scheme; a relative address has no colon before its first / ? #.
  return href;
}

const PLACEHOLDER = '\u0000';

/** Emphasis on escaped text: strong before em, both only around non-space text. */
function emphasis(text: string): string {
  return text
    .replace(/\*\*(?=\S)([^*]*?\S)\*\*/g, '<strong>$1</strong>')
    .replace(/__(?=\S)([^_]*?\S)__/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*(?=\S)([^*]*?\S)\*(?![*\w])/g, '$1<em>$2</em>')
    .replace(/(^|[^_\w])_(?=\S)([^_]*?\S)_(?![_\w])/g, '$1<em>$2</em>');
}

/** Inline markup of one block's text: code spans and links are set aside first, so emphasis never reaches inside code or an href. */
export function renderInline(source: string): string {
  const kept: string[] = [];
  const keep = (html: string) => {
    kept.push(html);
    return `${PLACEHOLDER}${kept.length - 1}${PLACEHOLDER}`;
  };
  let text = source.replace(new RegExp(PLACEHOLDER, 'g'), '').replace(/`([^`\n]+)`/g, (_, code: string) => keep(`<code>${escapeHtml(code)}</code>`));
  text = escapeHtml(text);
  // On escaped text: the label is already escaped; the href is unescaped, checked, then escaped again as an attribute.
  text = text.replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (_, label: string, escapedHref: string) => {
    const href = safeHref(unescapeHtml(escapedHref));
    return href === null ? emphasis(label) : keep(`<a href="${escapeHtml(href)}" rel="noopener noreferrer">${emphasis(label)}</a>`);
  });
  text = emphasis(text);
  // Restored in two passes: a link's label may hold a code span's placeholder.
  const restore = (html: string) => html.replace(new RegExp(`${PLACEHOLDER}(\\d+)${PLACEHOLDER}`, 'g'), (_, index: string) => kept[Number(index)] ?? '');
  return restore(restore(text));
}

function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '');
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const ORDERED = /^\s*\d{1,9}[.)]\s+(.*)$/;
const FENCE = /^\s*(```|~~~)/;

/** The markdown source as safe HTML. */
export function renderMarkdown(source: string): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let paragraph: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length) out.push(`<p>${renderInline(paragraph.join('\n'))}</p>`);
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    const fence = FENCE.exec(line);
    if (fence) {
      flushParagraph();
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !lines[i].trimStart().startsWith(fence[1])) code.push(lines[i++]);
      out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    if (!line.trim()) {
      flushParagraph();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flushParagraph();
      const level = heading[1].length;
      out.push(`<h${level}>${renderInline(heading[2])}</h${level}>`);
      continue;
    }
    const listKind = BULLET.test(line) ? 'ul' : ORDERED.test(line) ? 'ol' : null;
    if (listKind) {
      flushParagraph();
      const pattern = listKind === 'ul' ? BULLET : ORDERED;
      const items: string[] = [];
      while (i < lines.length && pattern.test(lines[i])) items.push(`<li>${renderInline(pattern.exec(lines[i++])![1])}</li>`);
      i -= 1;
      out.push(`<${listKind}>${items.join('')}</${listKind}>`);
      continue;
    }
    paragraph.push(line.trim());
  }
  flushParagraph();
  return out.join('\n');
}
