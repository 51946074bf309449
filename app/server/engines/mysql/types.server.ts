/**
 * MySQL/MariaDB types: the protocol's column type codes → names, type_generic and converters
 * into app/lib/sql/values.ts. mysql2 already gives numbers for small integers and floats, strings
 * for DATE/DATETIME/DECIMAL/JSON (connection.server.ts), Buffers for binary data.
 */
import type { FieldPacket } from 'mysql2';
import { decimalValue, timestampValue, type CellValue } from '~/lib/sql/values';
import type { ColumnInfo, TypeGeneric } from '../types.server';

type Convert = (value: unknown) => CellValue;

const BINARY_CHARSET = 63;
const UNSIGNED_FLAG = 32;

const same: Convert = (v) => v as CellValue;
const bigint: Convert = (v) => (typeof v === 'string' ? BigInt(v) : (v as CellValue)); // a string only beyond 2^53
const decimal: Convert = (v) => (typeof v === 'string' ? decimalValue(v) : (v as CellValue));
const timestamp: Convert = (v) => (typeof v === 'string' ? timestampValue(v) : (v as CellValue));
const bytes: Convert = (v) => (Buffer.isBuffer(v) ? v.toString('hex') : (v as CellValue));
// GEOMETRY arrives parsed into objects: keep it as JSON text.
const geometry: Convert = (v) => (v === null || typeof v !== 'object' ? (v as CellValue) : Buffer.isBuffer(v) ? v.toString('hex') : JSON.stringify(v));

interface MysqlType {
  name: string;
  generic: TypeGeneric;
  convert: Convert;
}

const TYPES: Record<number, MysqlType> = {
  0: { name: 'DECIMAL', generic: 'numeric', convert: decimal },
  1: { name: 'TINYINT', generic: 'numeric', convert: same },
  2: { name: 'SMALLINT', generic: 'numeric', convert: same },
  3: { name: 'INT', generic: 'numeric', convert: same },
  4: { name: 'FLOAT', generic: 'numeric', convert: same },
  5: { name: 'DOUBLE', generic: 'numeric', convert: same },
  6: { name: 'NULL', generic: 'string', convert: same },
  7: { name: 'TIMESTAMP', generic: 'temporal', convert: timestamp },
  8: { name: 'BIGINT', generic: 'numeric', convert: bigint },
  9: { name: 'MEDIUMINT', generic: 'numeric', convert: same },
  10: { name: 'DATE', generic: 'temporal', convert: same },
  11: { name: 'TIME', generic: 'temporal', convert: same },
  12: { name: 'DATETIME', generic: 'temporal', convert: timestamp },
  13: { name: 'YEAR', generic: 'numeric', convert: same },
  14: { name: 'DATE', generic: 'temporal', convert: same },
  15: { name: 'VARCHAR', generic: 'string', convert: same },
  16: { name: 'BIT', generic: 'string', convert: bytes },
  245: { name: 'JSON', generic: 'string', convert: same },
  246: { name: 'DECIMAL', generic: 'numeric', convert: decimal },
  247: { name: 'ENUM', generic: 'string', convert: same },
  248: { name: 'SET', generic: 'string', convert: same },
  249: { name: 'TINYTEXT', generic: 'string', convert: same },
  250: { name: 'MEDIUMTEXT', generic: 'string', convert: same },
  251: { name: 'LONGTEXT', generic: 'string', convert: same },
  252: { name: 'TEXT', generic: 'string', convert: same },
  253: { name: 'VARCHAR', generic: 'string', convert: same },
  254: { name: 'CHAR', generic: 'string', convert: same },
  255: { name: 'GEOMETRY', generic: 'string', convert: geometry },
};

const BINARY_NAMES: Record<number, string> = { 15: 'VARBINARY', 253: 'VARBINARY', 254: 'BINARY', 249: 'TINYBLOB', 250: 'MEDIUMBLOB', 251: 'LONGBLOB', 252: 'BLOB' };

function flagsOf(field: FieldPacket): number {
  return typeof field.flags === 'number' ? field.flags : 0;
}

/** Column metadata and one converter per column, from the result's field packets. */
export function describeFields(fields: readonly FieldPacket[]): { columns: ColumnInfo[]; converters: Convert[]; identity: boolean } {
  const columns: ColumnInfo[] = [];
  const converters: Convert[] = [];
  for (const field of fields) {
    const code = field.columnType ?? field.type ?? 253;
    const base = TYPES[code] ?? { name: `TYPE ${code}`, generic: 'string' as const, convert: same };
    const binary = field.characterSet === BINARY_CHARSET && code in BINARY_NAMES;
    let name = binary ? BINARY_NAMES[code] : base.name;
    if (field.extendedFormat === 'json') name = 'JSON'; // MariaDB's JSON is LONGTEXT with a format tag
    if (base.generic === 'numeric' && flagsOf(field) & UNSIGNED_FLAG) name += ' UNSIGNED';
    columns.push({ name: field.name, type: name, type_generic: base.generic });
    converters.push(binary ? bytes : base.convert);
  }
  return { columns, converters, identity: converters.every((c) => c === same) };
}

const NUMERIC = /^(tinyint|smallint|mediumint|int|integer|bigint|decimal|dec|numeric|fixed|float|double|real|year|bool|boolean)\b/i;
const TEMPORAL = /^(date|datetime|timestamp|time)\b/i;

/** type_generic of a column type as information_schema prints it (`bigint(20) unsigned`). */
export function mysqlTypeGeneric(nativeType: string): TypeGeneric {
  if (NUMERIC.test(nativeType)) return 'numeric';
  if (TEMPORAL.test(nativeType)) return 'temporal';
  return 'string';
}
