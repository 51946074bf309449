/**
 * The table's search box, as Superset's DataTable filters with match-sorter (keys: every column
 * and the row's values joined by spaces; threshold ACRONYM): a row matches when a value equals,
 * starts with, has a word starting with, contains, or has an acronym containing the search text
 * (case and accents ignored); matches are ordered by how well they matched, then by which column
 * matched first, then by the matched text.
 */

const RANK = { CASE_SENSITIVE_EQUAL: 7, EQUAL: 6, STARTS_WITH: 5, WORD_STARTS_WITH: 4, CONTAINS: 3, ACRONYM: 2, NO_MATCH: 0 } as const;

const prepare = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

function acronym(text: string): string {
  let out = '';
  for (const word of text.split(' ')) for (const part of word.split('-')) out += part.substring(0, 1);
  return out;
}

function rank(value: string, query: string): number {
  let test = prepare(value);
  let q = prepare(query);
  if (q.length > test.length) return RANK.NO_MATCH;
  if (test === q) return RANK.CASE_SENSITIVE_EQUAL;
  test = test.toLowerCase();
  q = q.toLowerCase();
  if (test === q) return RANK.EQUAL;
  if (test.startsWith(q)) return RANK.STARTS_WITH;
  if (test.includes(` ${q}`)) return RANK.WORD_STARTS_WITH;
  if (test.includes(q)) return RANK.CONTAINS;
  if (q.length === 1) return RANK.NO_MATCH;
  if (acronym(test).includes(q)) return RANK.ACRONYM;
  return RANK.NO_MATCH;
}

/**
 * The indexes of the rows matching `query`, best first. `values[i]` are row i's searchable texts
 * per column (null for an empty cell, which match-sorter skips).
 */
export function searchRows(values: (string | null)[][], query: string): number[] {
  if (!query) return values.map((_, i) => i);
  const ranked: { index: number; rank: number; keyIndex: number; text: string }[] = [];
  values.forEach((row, index) => {
    const keys = [...row, row.map((v) => v ?? '').join(' ')];
    let best = { rank: RANK.NO_MATCH as number, keyIndex: -1, text: '' };
    keys.forEach((text, keyIndex) => {
      if (text === null) return;
      const r = rank(text, query);
      if (r > best.rank) best = { rank: r, keyIndex, text };
    });
    if (best.rank >= RANK.ACRONYM) ranked.push({ index, ...best });
  });
  ranked.sort((a, b) => (a.rank !== b.rank ? b.rank - a.rank : a.keyIndex !== b.keyIndex ? a.keyIndex - b.keyIndex : a.text.localeCompare(b.text)));
  return ranked.map((r) => r.index);
}
