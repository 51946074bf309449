/**
 * A chart query's rows as an Excel workbook (.xlsx, Office Open XML), as Superset's export
 * writes it with pandas' `to_excel`: one sheet `Sheet1`, a bold header row, numbers as numbers,
 * booleans as booleans, datetimes as Excel dates shown `yyyy-mm-dd hh:mm:ss`, text as shared
 * strings. The smallest set of parts Excel, LibreOffice and the readers open; zipped by fflate.
 * Text is made XML-safe here: characters XML 1.0 cannot hold are dropped and a cell keeps at most
 * Excel's 32,767 characters.
 */
import { strToU8, zipSync } from 'fflate';
import type { Cell } from '~/lib/post-processing/frame';
import { GenericType } from '../query/types.server';
import { dateOnlyColumns, type TableData } from './csv.server';

const EXCEL_MAX_TEXT = 32_767;
/** Days from Excel's day 0 (1899-12-30, its 1900 leap-year bug included) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;
const DAY_MS = 86_400_000;

// Style indexes into cellXfs below: 0 plain, 1 bold header, 2 date-time, 3 date.
const STYLE_HEADER = 1;
const STYLE_DATETIME = 2;
const STYLE_DATE = 3;

/** Anything XML 1.0 cannot hold: control characters but tab and line ends, lone surrogates, U+FFFE and U+FFFF. */
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(value: string): string {
  return value
    .replace(INVALID_XML, '')
    // Cut before a surrogate pair rather than through it.
    .slice(0, /[\uD800-\uDBFF]/.test(value.charAt(EXCEL_MAX_TEXT - 1)) ? EXCEL_MAX_TEXT - 1 : EXCEL_MAX_TEXT)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let out = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

class SharedStrings {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  private total = 0;

  add(value: string): number {
    this.total += 1;
    let at = this.index.get(value);
    if (at === undefined) {
      at = this.list.length;
      this.list.push(value);
      this.index.set(value, at);
    }
    return at;
  }

  xml(): string {
    const items = this.list.map((s) => `<si><t xml:space="preserve">${xmlText(s)}</t></si>`).join('');
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${this.total}" uniqueCount="${this.list.length}">${items}</sst>`;
  }
}

function cellXml(ref: string, value: Cell | undefined, temporal: boolean, dateOnly: boolean, strings: SharedStrings, style = 0): string {
  const s = style ? ` s="${style}"` : '';
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    if (temporal) return `<c r="${ref}" s="${dateOnly ? STYLE_DATE : STYLE_DATETIME}"><v>${value / DAY_MS + EXCEL_EPOCH_DAYS}</v></c>`;
    return `<c r="${ref}"${s}><v>${value}</v></c>`;
  }
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"${s}><v>${value ? 1 : 0}</v></c>`;
  const textValue = Array.isArray(value) ? JSON.stringify(value) : value;
  return `<c r="${ref}" t="s"${s}><v>${strings.add(textValue)}</v></c>`;
}

function sheetXml(table: TableData, header: (column: string) => string, strings: SharedStrings): string {
  const dateOnly = dateOnlyColumns(table);
  const temporal = table.coltypes.map((t) => t === GenericType.TEMPORAL);
  const letters = table.colnames.map((_, i) => columnLetters(i));
  const rows: string[] = [];
  rows.push(`<row r="1">${table.colnames.map((name, i) => cellXml(`${letters[i]}1`, header(name), false, false, strings, STYLE_HEADER)).join('')}</row>`);
  table.data.forEach((row, r) => {
    const n = r + 2;
    rows.push(`<row r="${n}">${table.colnames.map((name, i) => cellXml(`${letters[i]}${n}`, row[name], temporal[i], dateOnly[i], strings)).join('')}</row>`);
  });
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<sheetData>${rows.join('')}</sheetData></worksheet>`
  );
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
  '</Types>';

const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';

const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>';

const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
  '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>' +
  '</Relationships>';

const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** The .xlsx bytes of one query's rows; `header` maps column names to their titles. */
export function toXlsx(table: TableData, header: (column: string) => string): Uint8Array {
  const strings = new SharedStrings();
  const sheet = sheetXml(table, header, strings);
  return zipSync({
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(ROOT_RELS),
    'xl/workbook.xml': strToU8(WORKBOOK),
    'xl/_rels/workbook.xml.rels': strToU8(WORKBOOK_RELS),
    'xl/styles.xml': strToU8(STYLES),
    'xl/worksheets/sheet1.xml': strToU8(sheet),
    'xl/sharedStrings.xml': strToU8(strings.xml()),
  });
}
