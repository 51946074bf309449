/**
 * The editor's two colour themes, ours so their contrast is known (every token at least 4.5:1 on
 * its background, WCAG AA, as axe checks): light on the page's white, dark on slate-900 with
 * light text. Handed to ace as theme objects, so nothing is fetched.
 */
type AceTheme = { isDark: boolean; cssClass: string; cssText: string };

function theme(cssClass: string, isDark: boolean, c: Record<'bg' | 'text' | 'gutterBg' | 'gutter' | 'keyword' | 'string' | 'number' | 'comment' | 'func' | 'selection' | 'activeLine' | 'cursor', string>): AceTheme {
  const k = `.${cssClass}`;
  return {
    isDark,
    cssClass,
    cssText: `
${k} { background-color: ${c.bg}; color: ${c.text}; }
${k} .ace_gutter { background: ${c.gutterBg}; color: ${c.gutter}; }
${k} .ace_gutter-active-line { background-color: ${c.activeLine}; }
${k} .ace_cursor { color: ${c.cursor}; }
${k} .ace_marker-layer .ace_selection { background: ${c.selection}; }
${k} .ace_marker-layer .ace_active-line { background: ${c.activeLine}; }
${k} .ace_marker-layer .ace_bracket { margin: -1px 0 0 -1px; border: 1px solid ${c.gutter}; }
${k} .ace_keyword, ${k} .ace_storage { color: ${c.keyword}; font-weight: 600; }
${k} .ace_string { color: ${c.string}; }
${k} .ace_constant.ace_numeric, ${k} .ace_constant.ace_language { color: ${c.number}; }
${k} .ace_comment { color: ${c.comment}; font-style: italic; }
${k} .ace_support.ace_function { color: ${c.func}; }
${k} .ace_print-margin { background: ${c.gutterBg}; }
`,
  };
}

export const LIGHT_THEME = theme('ace-sightline-light', false, {
  bg: '#ffffff', text: '#0f172a', gutterBg: '#f8fafc', gutter: '#475569', keyword: '#1d4ed8', string: '#15803d', number: '#b45309',
  comment: '#475569', func: '#7e22ce', selection: '#bfdbfe', activeLine: '#f1f5f9', cursor: '#0f172a',
});

export const DARK_THEME = theme('ace-sightline-dark', true, {
  bg: '#0f172a', text: '#e2e8f0', gutterBg: '#0f172a', gutter: '#94a3b8', keyword: '#7dd3fc', string: '#86efac', number: '#fdba74',
  comment: '#94a3b8', func: '#d8b4fe', selection: '#334155', activeLine: '#1e293b', cursor: '#f8fafc',
});
