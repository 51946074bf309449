import { describe, expect, it } from 'vitest';
import { renderMarkdown, safeHref } from './markdown';

describe('renderMarkdown', () => {
  it('shows raw HTML as text: a script tag is inert', () => {
    const html = renderMarkdown('Hello <script>alert(1)</script> <img src=x onerror="alert(2)">');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toBe('<p>Hello &lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=&quot;alert(2)&quot;&gt;</p>');
  });

  it('renders headings, paragraphs and emphasis', () => {
    expect(renderMarkdown('# Title\n\n## Sub ##\n\nSome **bold** and *italic* and __strong__ and _em_ text\non two lines.')).toBe(
      '<h1>Title</h1>\n<h2>Sub</h2>\n<p>Some <strong>bold</strong> and <em>italic</em> and <strong>strong</strong> and <em>em</em> text\non two lines.</p>',
    );
  });

  it('leaves underscores inside words alone', () => {
    expect(renderMarkdown('snake_case_name')).toBe('<p>snake_case_name</p>');
  });

  it('renders bullet and numbered lists', () => {
    expect(renderMarkdown('- one\n* two\n\n1. first\n2) second')).toBe('<ul><li>one</li><li>two</li></ul>\n<ol><li>first</li><li>second</li></ol>');
  });

  it('keeps code literal, inline and fenced', () => {
    expect(renderMarkdown('Use `<b>*x*</b>` here')).toBe('<p>Use <code>&lt;b&gt;*x*&lt;/b&gt;</code> here</p>');
    expect(renderMarkdown('```sql\nSELECT * FROM t WHERE a < 1 -- **no**\n```\nafter')).toBe('<pre><code>SELECT * FROM t WHERE a &lt; 1 -- **no**</code></pre>\n<p>after</p>');
  });

  it('links only to http, https, mailto and relative addresses', () => {
    expect(renderMarkdown('[docs](https://example.com/a_b_/c?x=1&y=2)')).toBe('<p><a href="https://example.com/a_b_/c?x=1&amp;y=2" rel="noopener noreferrer">docs</a></p>');
    expect(renderMarkdown('[me](mailto:a@b.c) [rel](/dashboard/list/) [q](?tab=1)')).toContain('<a href="/dashboard/list/"');
    expect(renderMarkdown('[click](javascript:alert(1))')).not.toContain('<a');
    expect(renderMarkdown('[x](data:text/html,hi)')).toBe('<p>x</p>');
    // A quote in the address stays inside the attribute: no new attribute is made.
    expect(renderMarkdown('[x]("onmouseover="alert(1))')).toBe('<p><a href="&quot;onmouseover=&quot;alert(1" rel="noopener noreferrer">x</a>)</p>');
  });

  it('refuses schemes hidden by whitespace or control characters', () => {
    expect(safeHref('java\tscript:alert(1)')).toBeNull();
    expect(safeHref(' JAVASCRIPT:alert(1)')).toBeNull();
    expect(safeHref('vbscript:x')).toBeNull();
    expect(safeHref('HTTPS://example.com')).toBe('HTTPS://example.com');
  });

  it('renders nothing for empty text', () => {
    expect(renderMarkdown('')).toBe('');
    expect(renderMarkdown('\n\n')).toBe('');
  });
});
