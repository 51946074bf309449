import { strFromU8, unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { GenericType } from '../query/types.server';
import { parseCsvRecord } from '../sqllab/csv.server';
import { datetimeText } from './csv.server';
import { exportBaseName, exportFile, verboseMap } from './export.server';
import { columnLetters, xmlText } from './xlsx.server';

const table = {
  colnames: ['__timestamp', 'gender', 'SUM(num)', 'paid', 'note'],
  coltypes: [GenericType.TEMPORAL, GenericType.STRING, GenericType.NUMERIC, GenericType.BOOLEAN, GenericType.STRING],
  data: [
    { __timestamp: Date.UTC(2020, 0, 1), gender: 'boy', 'SUM(num)': 12.5, paid: true, note: '=1+2' },
    { __timestamp: Date.UTC(2021, 5, 30), gender: 'girl, "quoted"', 'SUM(num)': -3, paid: false, note: null },
    { __timestamp: null, gender: 'élan 👩', 'SUM(num)': null, paid: null, note: 'line\nbreak\u0001' },
  ],
};
const header = verboseMap({
  columns: [{ column_name: 'gender', verbose_name: 'Gender' }] as never,
  metrics: [{ metric_name: 'SUM(num)', verbose_name: null }] as never,
});

describe('CSV', () => {
  it('writes a BOM, the verbose header, pandas-style values and neutralised formulas', () => {
    const file = exportFile([table], 'csv', header, 'chart');
    expect(file.filename).toBe('chart.csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // TextDecoder drops a BOM unless told to keep it; the bytes above show it is there.
    const text = new TextDecoder().decode(file.bytes);
    const records = text.split('\r\n');
    expect(parseCsvRecord(records[0])).toEqual(['Time', 'Gender', 'SUM(num)', 'paid', 'note']);
    expect(parseCsvRecord(records[1])).toEqual(['2020-01-01', 'boy', '12.5', 'True', "'=1+2"]);
    expect(parseCsvRecord(records[2])).toEqual(['2021-06-30', 'girl, "quoted"', '-3', 'False', '']);
    expect(text).toContain('"line\nbreak\u0001"');
  });

  it('prints times only when a column has them', () => {
    expect(datetimeText(Date.UTC(2020, 0, 1, 13, 5, 9), false)).toBe('2020-01-01 13:05:09');
    expect(datetimeText(Date.UTC(2020, 0, 1, 13, 5, 9, 250), false)).toBe('2020-01-01 13:05:09.250000');
    const withTime = { ...table, data: [{ ...table.data[0], __timestamp: Date.UTC(2020, 0, 1, 6) }] };
    const text = new TextDecoder().decode(exportFile([withTime], 'csv', header, 'x').bytes);
    expect(text).toContain('2020-01-01 06:00:00,boy');
  });
});

describe('XLSX', () => {
  it('is a workbook a spreadsheet reader opens, with typed cells', async () => {
    const file = exportFile([table], 'xlsx', header, 'chart');
    expect(file.filename).toBe('chart.xlsx');
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await readSheet(Buffer.from(file.bytes));
    expect(rows[0]).toEqual(['Time', 'Gender', 'SUM(num)', 'paid', 'note']);
    expect(rows[1]).toEqual([new Date(Date.UTC(2020, 0, 1)), 'boy', 12.5, true, '=1+2']);
    expect(rows[2]).toEqual([new Date(Date.UTC(2021, 5, 30)), 'girl, "quoted"', -3, false, null]);
    expect(rows[3]).toEqual([null, 'élan 👩', null, null, 'line\nbreak']);
    const parts = unzipSync(file.bytes);
    expect(Object.keys(parts).sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
    expect(strFromU8(parts['xl/worksheets/sheet1.xml'])).toContain('<c r="A1" t="s" s="1">');
  });

  it('names columns past Z and keeps text XML-safe', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(xmlText('a<b>&"c"\u0000\uFFFE\uD800')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
    expect(xmlText('x'.repeat(40_000))).toHaveLength(32_767);
  });
});

describe('several queries', () => {
  it('are a ZIP of query_<n>.<format>', async () => {
    const csv = exportFile([table, { ...table, data: [] }], 'csv', header, 'chart');
    expect(csv.filename).toBe('chart.zip');
    expect(csv.contentType).toBe('application/zip');
    const files = unzipSync(csv.bytes);
    expect(Object.keys(files)).toEqual(['query_1.csv', 'query_2.csv']);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(files['query_2.csv'])).toBe('\uFEFFTime,Gender,SUM(num),paid,note\r\n');
    const xlsx = unzipSync(exportFile([table, table], 'xlsx', header, 'chart').bytes);
    expect(Object.keys(xlsx)).toEqual(['query_1.xlsx', 'query_2.xlsx']);
    expect((await readSheet(Buffer.from(xlsx['query_2.xlsx'])))[1][1]).toBe('boy');
  });

  it('refuses an answer without rows', () => {
    expect(() => exportFile([], 'csv', header, 'chart')).toThrow('Empty query result');
  });
});

describe('file names', () => {
  it('are safe on any system', () => {
    expect(exportBaseName('Births / state: 2024', new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe('superset_Births_state_2024_20240102_030405');
    expect(exportBaseName('', new Date(Date.UTC(2024, 0, 2)))).toBe('superset_export_20240102_000000');
  });
});
