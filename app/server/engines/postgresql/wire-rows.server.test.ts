import { describe, expect, it } from 'vitest';
import type { CellValue } from '~/lib/sql/values';
import type { Row } from '../types.server';
import { pgType } from './types.server';
import { WireRowReader, type RowConsumer, type WireField } from './wire-rows.server';

const OIDS = { bool: 16, bytea: 17, int8: 20, int2: 21, int4: 23, text: 25, float4: 700, float8: 701, timestamp: 1114, timestamptz: 1184, numeric: 1700 };

function message(code: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(code, 0, 'latin1');
  head.writeUInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function rowDescription(fields: { name: string; oid: number; binary?: boolean }[]): Buffer {
  const parts = [Buffer.from([fields.length >> 8, fields.length & 0xff])];
  for (const f of fields) {
    const meta = Buffer.alloc(18);
    meta.writeUInt32BE(f.oid, 6);
    meta.writeInt16BE(f.binary ? 1 : 0, 16);
    parts.push(Buffer.from(`${f.name}\0`, 'utf8'), meta);
  }
  return message('T', Buffer.concat(parts));
}

function dataRow(values: (string | Buffer | null)[]): Buffer {
  const parts: Buffer[] = [Buffer.from([values.length >> 8, values.length & 0xff])];
  for (const v of values) {
    const len = Buffer.alloc(4);
    if (v === null) {
      len.writeInt32BE(-1);
      parts.push(len);
    } else {
      const bytes = typeof v === 'string' ? Buffer.from(v, 'utf8') : v;
      len.writeInt32BE(bytes.length);
      parts.push(len, bytes);
    }
  }
  return message('D', Buffer.concat(parts));
}

const commandComplete = (tag: string) => message('C', Buffer.from(`${tag}\0`));
const readyForQuery = message('Z', Buffer.from('I'));

function collect(opts: { skipping?: (rows: Row[]) => boolean; throwOnRow?: boolean } = {}) {
  const rows: Row[] = [];
  const columns: WireField[][] = [];
  const failures: unknown[] = [];
  const consumer: RowConsumer = {
    typeOf: (oid) => pgType(oid, new Map()),
    columns: (fields) => columns.push(fields),
    row: (row) => {
      if (opts.throwOnRow) throw new Error('sink broke');
      rows.push(row);
    },
    get skipping() {
      return opts.skipping?.(rows) ?? false;
    },
    fail: (error) => failures.push(error),
  };
  const forwarded: Buffer[] = [];
  const reader = WireRowReader.forTesting((chunk) => forwarded.push(Buffer.from(chunk)));
  reader.consumer = consumer;
  return { reader, rows, columns, failures, forwarded: () => Buffer.concat(forwarded) };
}

/** What the type's own parser (pg's path) gives for each text, for comparison with the fast path. */
function viaParse(oid: number, texts: (string | null)[]): CellValue[] {
  return texts.map((t) => (t === null ? null : pgType(oid, new Map()).parse(t)));
}

describe('WireRowReader', () => {
  it('decodes numbers from their bytes exactly as the type parsers do', () => {
    const samples: Record<string, string[]> = {
      int4: ['0', '-1', '2147483647', '-2147483648', '42'],
      int8: ['0', '-0', '123456789012345', '-123456789012345', '9007199254740993', '-9223372036854775808', '9223372036854775807'],
      float8: ['0', '-0', '1.5', '0.1', '-2.675', '1e+300', '1.7976931348623157e+308', 'NaN', 'Infinity', '-Infinity', '123456789012.345', '0.30000000000000004', '5e-324'],
      float4: ['0.1', '3.4028235e+38', '1.1'],
      numeric: ['0.00', '-0.00', '3.00', '12345678901.234', '1234567890123456789012.5', '-99999999999999.9', '0.1000000000000000055511151231257827', 'NaN', '12345678901234567890'],
    };
    for (const [type, texts] of Object.entries(samples)) {
      const oid = OIDS[type as keyof typeof OIDS];
      const { reader, rows } = collect();
      reader.data(Buffer.concat([rowDescription([{ name: 'v', oid }]), ...texts.map((t) => dataRow([t]))]));
      const expected = viaParse(oid, texts);
      rows.forEach((row, i) => expect(row[0], `${type} ${texts[i]}`).toStrictEqual(expected[i]));
      expect(rows).toHaveLength(texts.length);
    }
  });

  it('keeps text, non-ASCII text, NULL, booleans, timestamps, bytea and binary fields', () => {
    const { reader, rows, columns } = collect();
    const fields = [
      { name: 'name', oid: OIDS.text },
      { name: 'flag', oid: OIDS.bool },
      { name: 'ts', oid: OIDS.timestamp },
      { name: 'tz', oid: OIDS.timestamptz },
      { name: 'raw', oid: OIDS.bytea },
      { name: 'bin', oid: OIDS.int4, binary: true },
      { name: 'été', oid: OIDS.int8 },
    ];
    reader.data(
      Buffer.concat([
        rowDescription(fields),
        dataRow(['plain', 't', '2020-01-02 03:04:05.123456', '2020-01-02 03:04:05+02', '\\x00ff', Buffer.from([0, 0, 1, 0]), '9007199254740993']),
        dataRow(['Ventes été ✓', 'f', null, null, null, null, null]),
      ]),
    );
    expect(columns[0].map((f) => [f.name, f.dataTypeID, f.format])).toEqual(fields.map((f) => [f.name, f.oid, f.binary ? 'binary' : 'text']));
    expect(rows).toEqual([
      ['plain', true, '2020-01-02T03:04:05.123', '2020-01-02T01:04:05.000Z', '00ff', '00000100', 9007199254740993n],
      ['Ventes été ✓', false, null, null, null, null, null],
    ]);
  });

  it('cuts messages split anywhere across reads and forwards the others whole and in order', () => {
    const stream = Buffer.concat([
      message('S', Buffer.from('client_encoding\0UTF8\0')),
      rowDescription([{ name: 'id', oid: OIDS.int4 }, { name: 'label', oid: OIDS.text }]),
      ...Array.from({ length: 40 }, (_, i) => dataRow([String(i), `row ${i} ${'x'.repeat(i)}`])),
      commandComplete('SELECT 40'),
      readyForQuery,
    ]);
    const notRows = Buffer.concat([message('S', Buffer.from('client_encoding\0UTF8\0')), rowDescription([{ name: 'id', oid: OIDS.int4 }, { name: 'label', oid: OIDS.text }]), commandComplete('SELECT 40'), readyForQuery]);
    for (const size of [1, 2, 3, 5, 7, 64, 1000, stream.length]) {
      const { reader, rows, forwarded } = collect();
      for (let at = 0; at < stream.length; at += size) reader.data(stream.subarray(at, at + size));
      expect(rows, `reads of ${size} bytes`).toEqual(Array.from({ length: 40 }, (_, i) => [i, `row ${i} ${'x'.repeat(i)}`]));
      expect(forwarded().equals(notRows), `reads of ${size} bytes`).toBe(true);
    }
  });

  it('forwards everything untouched when no statement is streaming', () => {
    const { reader, rows, forwarded } = collect();
    reader.consumer = null;
    const stream = Buffer.concat([rowDescription([{ name: 'id', oid: OIDS.int4 }]), dataRow(['1']), commandComplete('SELECT 1'), readyForQuery]);
    reader.data(stream.subarray(0, 9));
    reader.data(stream.subarray(9));
    expect(rows).toEqual([]);
    expect(forwarded().equals(stream)).toBe(true);
  });

  it('skips rows once the consumer has enough, and reports a failing consumer instead of throwing', () => {
    const capped = collect({ skipping: (rows) => rows.length >= 2 });
    const stream = Buffer.concat([rowDescription([{ name: 'id', oid: OIDS.int4 }]), ...[1, 2, 3, 4].map((i) => dataRow([String(i)]))]);
    capped.reader.data(stream);
    expect(capped.rows).toEqual([[1], [2]]);

    const broken = collect({ throwOnRow: true });
    expect(() => broken.reader.data(stream)).not.toThrow();
    expect(broken.failures).toHaveLength(4);
    expect(String(broken.failures[0])).toContain('sink broke');
  });
});
