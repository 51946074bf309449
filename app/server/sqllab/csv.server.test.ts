import { describe, expect, it } from 'vitest';
import { uniqueNames } from './query-shapes.server';
import { attachmentHeader } from '../api/sqllab-replies.server';
import { CopyCsvRewriter, csvField, csvRecord, escapeFormula, exportFileName, parseCsvRecord, UTF8_BOM } from './csv.server';

describe('CSV', () => {
  it('quotes only what needs quoting, doubling quotes', () => {
    expect(csvRecord(['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\rx', ''])).toBe('plain,"a,b","say ""hi""","two\nlines","cr\rx",\r\n');
  });

  it('writes values in their exact form: null empty, big integers whole', () => {
    expect(csvRecord([null, 1.5, -0.25, 9007199254740993n, true, false, Number.NaN])).toBe(',1.5,-0.25,9007199254740993,true,false,\r\n');
  });

  it('neutralises spreadsheet formulas but leaves negative numbers alone', () => {
    expect(escapeFormula('=1+2')).toBe("'=1+2");
    expect(escapeFormula('+cmd|x')).toBe("'+cmd\\|x");
    expect(escapeFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeFormula('-12.5')).toBe('-12.5');
    expect(escapeFormula('-1e5')).toBe('-1e5');
    expect(escapeFormula('-x')).toBe("'-x");
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('names the file after the tab, or the query, with a UTC timestamp', () => {
    const at = new Date('2024-03-14T15:37:42.123Z');
    expect(exportFileName('Untitled Query 1', 7, at)).toBe('Untitled_Query_1_20240314_153742.csv');
    expect(exportFileName(null, 7, at)).toBe('query_7_20240314_153742.csv');
    expect(exportFileName('  ../../etc/passwd ', 7, at)).toBe('etc_passwd_20240314_153742.csv');
    expect(exportFileName('Ventes été', 7, at)).toBe('Ventes_été_20240314_153742.csv');
  });

  it('gives an ASCII fallback and the exact UTF-8 name in Content-Disposition', () => {
    expect(attachmentHeader('Ventes_été.csv')).toBe(`attachment; filename="Ventes__t_.csv"; filename*=UTF-8''Ventes_%C3%A9t%C3%A9.csv`);
  });
});

/** A field as PostgreSQL's COPY … (FORMAT csv) writes it: quoted when needed, '' quoted to tell it from NULL. */
function copyField(value: string | null): string {
  if (value === null) return '';
  return value === '' || /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
const copyCsv = (rows: (string | null)[][]) => rows.map((r) => `${r.map(copyField).join(',')}\n`).join('');

function rewrite(input: string, readSize: number): { text: string; sawRecord: boolean } {
  const bytes = Buffer.from(input, 'utf8');
  const rewriter = new CopyCsvRewriter();
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += readSize) out.push(rewriter.write(bytes.subarray(at, at + readSize)));
  out.push(rewriter.end());
  return { text: Buffer.concat(out).toString('utf8'), sawRecord: rewriter.sawRecord };
}

describe('CopyCsvRewriter (COPY CSV → the export format)', () => {
  const values = [
    'plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\rx', '=1+2', '+cmd|x', '@SUM(A1)', '-12.5', '-1e5', '-1.5E+10', '-x', '-x|y', '-', '--',
    '=HYPERLINK("x")', '|pipe', '\ttab', '\rcr', '%p', '"=quoted"', 'a|b', 'Ventes été ✓', '-1,5', '-2\n', '"', '=a,b|c',
  ];
  const names = ['id', 'a,b', 'id', '=x', 'note'];
  const rows = values.map((v, i) => [String(i), v, null, v, i % 2 ? '-3' : '4.5']);

  it('writes what the generic path writes: BOM, unique escaped header, CRLF, quoting, formulas neutralised, at any read size', () => {
    const generic = UTF8_BOM + csvRecord(uniqueNames(names)) + rows.map((r) => csvRecord(r)).join('');
    expect(generic.startsWith(`${UTF8_BOM}id,"a,b",id__1,'=x,note\r\n`)).toBe(true);
    const input = copyCsv([names, ...rows]);
    for (const size of [1, 2, 3, 7, 64, 4096, input.length]) {
      const { text, sawRecord } = rewrite(input, size);
      expect(text, `reads of ${size} bytes`).toBe(generic);
      expect(sawRecord).toBe(true);
    }
  });

  it('converts plain chunks natively, and still catches a formula at a chunk boundary', () => {
    const plain = copyCsv([['n', 'label'], ...Array.from({ length: 200 }, (_, i) => [String(i), `row ${i} 2020-01-01`])]);
    expect(rewrite(plain, 4096).text).toBe(UTF8_BOM + plain.replaceAll('\n', '\r\n'));
    // Reads of 6 bytes: 'a,b\nx,' | '-y\n-2,' | '3\n': the second starts a field with '-'.
    expect(rewrite('a,b\nx,-y\n-2,3\n', 6).text).toBe(`${UTF8_BOM}a,b\r\nx,'-y\r\n-2,3\r\n`);
    expect(rewrite(`a\n${'1\n'.repeat(50)}=2\n3\n`, 1000).text).toBe(`${UTF8_BOM}a\r\n${'1\r\n'.repeat(50)}'=2\r\n3\r\n`);
  });

  it('keeps the empty string quoted (COPY tells it from NULL) and NULL empty', () => {
    expect(rewrite(copyCsv([['a', 'b'], ['', null]]), 1000).text).toBe(`${UTF8_BOM}a,b\r\n"",\r\n`);
  });

  it('answers the header alone for no rows, and a record cut before its LF with its CRLF', () => {
    expect(rewrite('n,m\n', 2)).toEqual({ text: `${UTF8_BOM}n,m\r\n`, sawRecord: false });
    expect(rewrite('n,"x,y"', 3).text).toBe(`${UTF8_BOM}n,"x,y"\r\n`);
    expect(rewrite('n\n-5', 1)).toEqual({ text: `${UTF8_BOM}n\r\n-5\r\n`, sawRecord: true });
  });

  it('parses a CSV record with quotes, doubled quotes and empty fields', () => {
    expect(parseCsvRecord('a,"b,c","say ""hi""",,"line\nbreak",')).toEqual(['a', 'b,c', 'say "hi"', '', 'line\nbreak', '']);
    expect(parseCsvRecord('')).toEqual(['']);
  });
});
