/**
 * PostgreSQL types: OID → name, type_generic and the converter from PostgreSQL's text output to
 * the value representation of app/lib/sql/values.ts. The pg client gets `PG_TYPES`, so every value
 * arrives as text and is converted once, here. Types not listed (arrays, ranges, enums, user
 * types) keep PostgreSQL's text exactly.
 */
import type { CustomTypesConfig } from 'pg';
import { booleanValue, decimalValue, integerValue, timestampValue, timestamptzValue, type CellValue } from '~/lib/sql/values';
import type { TypeGeneric } from '../types.server';

/**
 * How the wire reader (wire-rows.server.ts) may decode a value straight from its bytes; each kind
 * gives exactly what `parse` gives for the same text. 'other' means: make the text, call `parse`.
 */
export type ValueKind = 'text' | 'float' | 'int8' | 'decimal' | 'bool' | 'other';

export interface PgType {
  name: string;
  generic: TypeGeneric;
  parse: (text: string) => CellValue;
  kind: ValueKind;
}

const text = (value: string) => value;
const float = (value: string) => +value; // NaN, Infinity and -Infinity parse as themselves
const bytea = (value: string) => (value.startsWith('\\x') ? value.slice(2) : value);

const KINDS = new Map<(text: string) => CellValue, ValueKind>([
  [text, 'text'],
  [float, 'float'],
  [integerValue, 'int8'],
  [decimalValue, 'decimal'],
  [booleanValue, 'bool'],
]);
const t = (name: string, generic: TypeGeneric, parse: (text: string) => CellValue = text): PgType => ({ name, generic, parse, kind: KINDS.get(parse) ?? 'other' });

const BUILTIN: Record<number, PgType> = {
  16: t('BOOLEAN', 'boolean', booleanValue),
  17: t('BYTEA', 'string', bytea),
  18: t('"CHAR"', 'string'),
  19: t('NAME', 'string'),
  20: t('BIGINT', 'numeric', integerValue),
  21: t('SMALLINT', 'numeric', float),
  23: t('INTEGER', 'numeric', float),
  25: t('TEXT', 'string'),
  26: t('OID', 'numeric', float),
  114: t('JSON', 'string'),
  142: t('XML', 'string'),
  650: t('CIDR', 'string'),
  700: t('REAL', 'numeric', float),
  701: t('DOUBLE PRECISION', 'numeric', float),
  705: t('TEXT', 'string'), // an untyped literal: SELECT 'abc'
  774: t('MACADDR8', 'string'),
  790: t('MONEY', 'string'), // formatted with the server's locale: not a plain number
  829: t('MACADDR', 'string'),
  869: t('INET', 'string'),
  1042: t('CHAR', 'string'),
  1043: t('VARCHAR', 'string'),
  1082: t('DATE', 'temporal'),
  1083: t('TIME WITHOUT TIME ZONE', 'temporal'),
  1114: t('TIMESTAMP WITHOUT TIME ZONE', 'temporal', timestampValue),
  1184: t('TIMESTAMP WITH TIME ZONE', 'temporal', timestamptzValue),
  1186: t('INTERVAL', 'string'),
  1266: t('TIME WITH TIME ZONE', 'temporal'),
  1560: t('BIT', 'string'),
  1562: t('VARBIT', 'string'),
  1700: t('NUMERIC', 'numeric', decimalValue),
  2249: t('RECORD', 'string'),
  2950: t('UUID', 'string'),
  3614: t('TSVECTOR', 'string'),
  3802: t('JSONB', 'string'),
  // Arrays keep PostgreSQL's text ({1,2,3}); their element types are not converted.
  1000: t('BOOLEAN[]', 'string'),
  1005: t('SMALLINT[]', 'string'),
  1007: t('INTEGER[]', 'string'),
  1009: t('TEXT[]', 'string'),
  1015: t('VARCHAR[]', 'string'),
  1016: t('BIGINT[]', 'string'),
  1021: t('REAL[]', 'string'),
  1022: t('DOUBLE PRECISION[]', 'string'),
  1115: t('TIMESTAMP[]', 'string'),
  1182: t('DATE[]', 'string'),
  1185: t('TIMESTAMPTZ[]', 'string'),
  1231: t('NUMERIC[]', 'string'),
  2951: t('UUID[]', 'string'),
  3807: t('JSONB[]', 'string'),
};

/** User types by OID (enums, domains, composites), loaded per connection from pg_type. */
export type UserTypes = Map<number, { name: string; category: string }>;

/** Domains over numbers keep their base's exactness; other user types keep their text. */
function userType(oid: number, userTypes: UserTypes): PgType {
  const known = userTypes.get(oid);
  if (!known) return t(`OID ${oid}`, 'string');
  const name = known.name.toUpperCase();
  if (known.category === 'N') return t(name, 'numeric', decimalValue);
  if (known.category === 'B') return t(name, 'boolean', booleanValue);
  if (known.category === 'D') return t(name, 'temporal');
  return t(name, 'string');
}

export function pgType(oid: number, userTypes: UserTypes): PgType {
  return BUILTIN[oid] ?? userType(oid, userTypes);
}

/** Lists user types, to name result columns of enum and domain types. */
export const USER_TYPES_SQL = `SELECT oid::int8 AS oid, typname, typcategory FROM pg_catalog.pg_type WHERE oid >= 16384`;

export const PG_TYPES: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    if (format === 'binary') return (value: Buffer) => value.toString('hex');
    return BUILTIN[oid]?.parse ?? text;
  }) as CustomTypesConfig['getTypeParser'],
};

const NUMERIC = /^(smallint|integer|bigint|int[248]?|decimal|numeric|real|double precision|float[48]?|smallserial|serial|bigserial|oid)\b/i;
const TEMPORAL = /^(date|time|timestamp)\b/i;

/** type_generic of a type as format_type() prints it (information in table metadata). */
export function pgTypeGeneric(nativeType: string): TypeGeneric {
  if (/\[\]$/.test(nativeType)) return 'string';
  if (NUMERIC.test(nativeType)) return 'numeric';
  if (/^bool/i.test(nativeType)) return 'boolean';
  if (TEMPORAL.test(nativeType)) return 'temporal';
  return 'string';
}
