import { describe, expect, it } from 'vitest';
import { attachmentHeader, csvField, csvRecord, escapeFormula, exportFileName } from './csv.server';

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
