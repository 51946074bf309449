import { describe, expect, it } from 'vitest';
import { tokenize } from '../lexer';
import { TIME_GRAINS } from '../time-grains';
import { DIALECTS, dialectFor, findDialect, mysqlDialect, postgresqlDialect, sqliteDialect } from '.';
import { portableLiteral } from './base';

const pg = postgresqlDialect;
const my = mysqlDialect;
const lite = sqliteDialect;
const at = new Date(Date.UTC(2024, 2, 6, 13, 47, 31)); // Wednesday

describe('finding a dialect', () => {
  it('by engine name or alias, any case; unknown names are null or an error naming the known ones', () => {
    expect(DIALECTS.map((d) => d.name)).toEqual(['sqlite', 'postgresql', 'mysql']);
    expect(findDialect('postgresql')).toBe(pg);
    expect(findDialect('Postgres')).toBe(pg);
    expect(findDialect('MariaDB')).toBe(my);
    expect(findDialect('sqlite')).toBe(lite);
    expect(findDialect('oracle')).toBeNull();
    expect(findDialect(null)).toBeNull();
    expect(findDialect('')).toBeNull();
    expect(dialectFor('mysql')).toBe(my);
    expect(() => dialectFor('oracle')).toThrow('There is no SQL dialect for the engine "oracle"; known: sqlite, postgresql, mysql.');
  });
});

describe('identifiers', () => {
  it('quotes with the engine’s quote, doubling it inside', () => {
    expect(pg.quoteIdentifier('we"ird`name')).toBe('"we""ird`name"');
    expect(lite.quoteIdentifier('we"ird`name')).toBe('"we""ird`name"');
    expect(my.quoteIdentifier('we"ird`name')).toBe('`we"ird``name`');
    expect(pg.qualifiedName('s"x', 't')).toBe('"s""x"."t"');
    expect(my.qualifiedName(null, 't')).toBe('`t`');
    expect(my.qualifiedName('', 't')).toBe('`t`');
  });

  it('writes a name bare only when the engine reads it back unchanged', () => {
    expect(pg.quoteIdentifierIfNeeded('amount')).toBe('amount');
    expect(pg.quoteIdentifierIfNeeded('Amount')).toBe('"Amount"'); // folds to lower case otherwise
    expect(my.quoteIdentifierIfNeeded('Amount')).toBe('Amount');
    expect(lite.quoteIdentifierIfNeeded('Amount')).toBe('Amount');
    for (const d of DIALECTS) {
      expect(d.quoteIdentifierIfNeeded('order')).toBe(d.quoteIdentifier('order'));
      expect(d.quoteIdentifierIfNeeded('my col')).toBe(d.quoteIdentifier('my col'));
      expect(d.quoteIdentifierIfNeeded('1st')).toBe(d.quoteIdentifier('1st'));
    }
  });

  it('switches schema the engine’s way', () => {
    expect(pg.useSchema('sales"x')).toEqual(['SET search_path TO "sales""x"']);
    expect(my.useSchema('sa`les')).toEqual(['USE `sa``les`']);
    expect(lite.useSchema('main')).toEqual([]);
    expect([pg.defaultSchema, my.defaultSchema, lite.defaultSchema]).toEqual(['public', null, 'main']);
  });
});

describe('literals', () => {
  it('quotes strings by the engine’s rules: MySQL doubles backslashes as well', () => {
    const nasty = "it's a \\' trap";
    expect(pg.quoteString(nasty)).toBe("'it''s a \\'' trap'");
    expect(lite.quoteString(nasty)).toBe("'it''s a \\'' trap'");
    expect(my.quoteString(nasty)).toBe("'it''s a \\\\'' trap'");
    expect([pg.standardStrings, lite.standardStrings, my.standardStrings]).toEqual([true, true, false]);
  });

  it('keeps each quoted string one string token in the engine’s own lexer', () => {
    for (const d of DIALECTS) {
      for (const value of ["'", "\\'", "\\", "a\\'; DROP TABLE t; --", "''\\\\'", 'x\n-- y', '$$', '"`']) {
        const tokens = tokenize(`SELECT ${d.quoteString(value)} AS x`, d.flavor).filter((t) => t.kind !== 'space');
        expect(tokens.map((t) => t.kind), `${d.name} ${value}`).toEqual(['word', 'string', 'word', 'word']);
      }
    }
  });

  it('writes numbers, booleans, null, bigints and Dates', () => {
    for (const d of DIALECTS) {
      expect([d.literal(null), d.literal(undefined), d.literal(true), d.literal(false), d.literal(-2.5), d.literal(10n ** 20n)]).toEqual([
        'NULL', 'NULL', 'TRUE', 'FALSE', '-2.5', '100000000000000000000',
      ]);
      expect(() => d.literal(Number.NaN)).toThrow(RangeError);
      expect(() => d.literal(Infinity)).toThrow(RangeError);
      expect(d.literal(at)).toBe(d.datetimeLiteral(at));
    }
    expect(my.literal('a\\b')).toBe("'a\\\\b'");
    expect(pg.literal('a\\b')).toBe("'a\\b'");
    expect(portableLiteral("a\\'b")).toBe("'a\\\\''b'");
  });

  it('writes dates and timestamps as the engine reads them, from UTC components', () => {
    expect(pg.dateLiteral(at)).toBe("DATE '2024-03-06'");
    expect(pg.datetimeLiteral(at)).toBe("TIMESTAMP '2024-03-06 13:47:31'");
    expect(my.dateLiteral('2024-02-29')).toBe("DATE '2024-02-29'");
    expect(my.datetimeLiteral(new Date(Date.UTC(2024, 2, 6, 13, 47, 31, 250)))).toBe("TIMESTAMP '2024-03-06 13:47:31.250'");
    expect(lite.dateLiteral(at)).toBe("'2024-03-06'");
    expect(lite.datetimeLiteral('2024-03-06T13:47Z')).toBe("'2024-03-06 13:47:00'");
    expect(() => pg.dateLiteral("2024-03-06' OR 1=1")).toThrow(RangeError);
    expect(() => pg.datetimeLiteral('2024-03-06 13:47:31+05:30')).toThrow(RangeError);
  });
});

describe('limits', () => {
  it('writes LIMIT and OFFSET, and an offset alone the way each engine takes it', () => {
    for (const d of DIALECTS) {
      expect(d.limitClause(10)).toBe('LIMIT 10');
      expect(d.limitClause(10, 20)).toBe('LIMIT 10 OFFSET 20');
      expect(d.limitClause(null)).toBe('');
      expect(() => d.limitClause(-1)).toThrow(RangeError);
      expect(() => d.limitClause(1.5)).toThrow(RangeError);
      expect(() => d.limitClause(10, Number.NaN)).toThrow(RangeError);
    }
    expect(pg.limitClause(null, 5)).toBe('OFFSET 5');
    expect(lite.limitClause(null, 5)).toBe('LIMIT -1 OFFSET 5');
    expect(my.limitClause(null, 5)).toBe('LIMIT 18446744073709551615 OFFSET 5');
  });

  it('wraps any query in a limiting subquery, safe after a trailing comment', () => {
    for (const d of DIALECTS) expect(d.wrapWithLimit('SELECT 1 -- c', 5)).toBe('SELECT * FROM (\nSELECT 1 -- c\n) AS inner_qry LIMIT 5');
  });
});

describe('casts', () => {
  it('casts to each type the engine’s way', () => {
    const casts = (d: typeof pg) => (['text', 'integer', 'float', 'date', 'timestamp'] as const).map((t) => d.cast('x', t));
    expect(casts(pg)).toEqual(['CAST(x AS TEXT)', 'CAST(x AS BIGINT)', 'CAST(x AS DOUBLE PRECISION)', 'CAST(x AS DATE)', 'CAST(x AS TIMESTAMP)']);
    expect(casts(my)).toEqual(['CAST(x AS CHAR)', 'CAST(x AS SIGNED)', 'CAST(x AS DOUBLE)', 'CAST(x AS DATE)', 'CAST(x AS DATETIME)']);
    expect(casts(lite)).toEqual(['CAST(x AS TEXT)', 'CAST(x AS INTEGER)', 'CAST(x AS REAL)', 'DATE(x)', 'DATETIME(x)']);
  });
});

describe('time grains and epochs', () => {
  it('has every grain on every engine, and refuses unknown ones', () => {
    for (const d of DIALECTS) {
      expect(Object.keys(d.timeGrains).sort()).toEqual(TIME_GRAINS.map((g) => g.code).sort());
      for (const { code } of TIME_GRAINS) {
        const sql = d.timeGrain(code, '"ts"');
        expect(sql).toContain('"ts"');
        expect(sql).not.toContain('{col}');
      }
      expect(d.timeGrain(null, 'ts')).toBe('ts');
      expect(() => d.timeGrain('P2W', 'ts')).toThrow(/Unknown time grain "P2W"/);
    }
  });

  it('carries the engines’ grain SQL over', () => {
    expect(pg.timeGrain('1969-12-28T00:00:00Z/P1W', 'ts')).toBe("DATE_TRUNC('week', ts + INTERVAL '1 day') - INTERVAL '1 day'");
    expect(pg.timeGrain('P1W/1970-01-03T00:00:00Z', 'ts')).toBe("DATE_TRUNC('week', ts + INTERVAL '1 day') + INTERVAL '5 days'");
    expect(pg.timeGrain('PT5M', 'ts')).toBe("DATE_TRUNC('hour', ts) + INTERVAL '5 minutes' * FLOOR(EXTRACT(MINUTE FROM ts) / 5)");
    expect(my.timeGrain('1969-12-28T00:00:00Z/P1W', 'ts')).toBe('DATE_SUB(DATE(ts), INTERVAL DAYOFWEEK(ts) - 1 DAY)');
    expect(my.timeGrain('P1Y', 'ts')).toBe('MAKEDATE(YEAR(ts), 1)');
    expect(lite.timeGrain('P1W/1970-01-03T00:00:00Z', 'ts')).toBe("DATETIME(ts, 'start of day', 'weekday 6')");
    expect(lite.timeGrain('P1M', 'ts')).toBe("DATETIME(ts, 'start of month')");
  });

  it('turns epoch seconds and milliseconds into a UTC timestamp without the session’s time zone', () => {
    expect(pg.epochToTimestamp('e', 'seconds')).toBe("(TIMESTAMP '1970-01-01 00:00:00' + (e) * INTERVAL '1 second')");
    expect(pg.epochToTimestamp('a + b', 'milliseconds')).toBe("(TIMESTAMP '1970-01-01 00:00:00' + (a + b) * INTERVAL '1 millisecond')");
    expect(my.epochToTimestamp('e', 'seconds')).toBe("(TIMESTAMP '1970-01-01 00:00:00' + INTERVAL (e) SECOND)");
    expect(my.epochToTimestamp('e', 'milliseconds')).toBe("(TIMESTAMP '1970-01-01 00:00:00' + INTERVAL (e) * 1000 MICROSECOND)");
    expect(lite.epochToTimestamp('e', 'seconds')).toBe("DATETIME(e, 'unixepoch')");
    expect(lite.epochToTimestamp('e', 'milliseconds')).toBe("DATETIME((e) / 1000.0, 'unixepoch', 'subsec')");
    for (const d of DIALECTS) expect(d.epochToTimestamp('e', 'seconds')).not.toMatch(/FROM_UNIXTIME|TO_TIMESTAMP|localtime/i);
  });
});

describe('editor and formatter', () => {
  it('offers the ANSI core and each engine’s own words, once each', () => {
    for (const d of DIALECTS) {
      expect(d.keywords).toContain('SELECT');
      expect(new Set(d.keywords).size).toBe(d.keywords.length);
    }
    expect(lite.keywords).toContain('PRAGMA');
    expect(pg.keywords).not.toContain('PRAGMA');
    expect(pg.keywords).toContain('ILIKE');
    expect(my.keywords).toContain('STRAIGHT_JOIN');
  });

  it('names its sql-formatter language and lexer flavour', () => {
    expect(DIALECTS.map((d) => [d.formatterLanguage, d.flavor.name])).toEqual([
      ['sqlite', 'sqlite'],
      ['postgresql', 'postgresql'],
      ['mysql', 'mysql'],
    ]);
  });
});
