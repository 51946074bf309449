/**
 * SQLite types. A column has a declared type (any text, or none) and each value its own storage
 * class. type_generic follows SQLite's affinity rules (https://sqlite.org/datatype3.html §3.1),
 * with BOOL and DATE/TIME words recognised first, as SQLAlchemy does. Undeclared result columns
 * (expressions) are typed from their first non-null value.
 */
import type { CellValue } from '~/lib/sql/values';
import type { TypeGeneric } from '../types.server';

export function sqliteTypeGeneric(declared: string): TypeGeneric {
  const t = declared.toUpperCase();
  if (t.includes('BOOL')) return 'boolean';
  if (t.includes('DATE') || t.includes('TIME')) return 'temporal';
  if (t.includes('INT')) return 'numeric';
  if (t.includes('CHAR') || t.includes('CLOB') || t.includes('TEXT') || t.includes('BLOB') || t === '') return 'string';
  if (t.includes('REAL') || t.includes('FLOA') || t.includes('DOUB') || t.includes('NUM') || t.includes('DEC')) return 'numeric';
  return 'string';
}

/** A storage class's name, for columns without a declared type. */
export function storageClassOf(value: unknown): string {
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value))) return 'INTEGER';
  if (typeof value === 'number') return 'REAL';
  if (Buffer.isBuffer(value)) return 'BLOB';
  return 'TEXT';
}

/**
 * node-sqlite3 turns every INTEGER into a double. The driver's query marks integers beyond 2^53
 * with a leading \x01 and their exact digits (see BIG_INTEGER_GUARD); they become bigint here.
 */
export function sqliteValue(value: unknown): CellValue {
  if (typeof value === 'string') {
    return value.charCodeAt(0) === 1 && /^-?\d+$/.test(value.slice(1)) ? BigInt(value.slice(1)) : value;
  }
  if (Buffer.isBuffer(value)) return value.toString('hex');
  return value as CellValue;
}

/** A select-list expression for `column` that keeps big integers exact (sqliteValue reads it back). */
export function bigIntegerGuard(quotedColumn: string): string {
  return `CASE WHEN typeof(${quotedColumn}) = 'integer' AND (${quotedColumn} > 9007199254740991 OR ${quotedColumn} < -9007199254740991) THEN char(1) || ${quotedColumn} ELSE ${quotedColumn} END`;
}
