import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configureSqliteFiles, METADATA_STORE_REFUSAL, OUTSIDE_DATA_DIRS_REFUSAL, sqliteFileRefusal, sqliteFileSettings } from './file-policy.server';

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-file-policy-')));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the SQLite file policy', () => {
  it('allows only memory until it is configured', () => {
    expect(sqliteFileSettings().dataDirs).toEqual([]);
    expect(sqliteFileRefusal(':memory:')).toBeNull();
    expect(sqliteFileRefusal(path.join(root, 'a.db'))).toBe(OUTSIDE_DATA_DIRS_REFUSAL);
  });

  it('allows the data directories at any depth, and the examples file, never the metadata store', () => {
    const data = path.join(root, 'data');
    fs.mkdirSync(path.join(data, 'deep'), { recursive: true });
    const meta = path.join(data, 'meta.sqlite');
    const examples = path.join(root, 'elsewhere', 'examples.sqlite');
    configureSqliteFiles({ dataDirs: [data], examplesUrl: `sqlite:///${examples}?mode=ro`, metadataUrl: `sqlite:${meta}` });
    expect(sqliteFileRefusal(path.join(data, 'deep', 'x.db'))).toBeNull();
    expect(sqliteFileRefusal(path.join(data, 'missing', 'y.db'))).toBeNull();
    expect(sqliteFileRefusal(examples)).toBeNull();
    expect(sqliteFileRefusal(path.join(root, 'elsewhere', 'other.sqlite'))).toBe(OUTSIDE_DATA_DIRS_REFUSAL);
    expect(sqliteFileRefusal(data)).toBe(OUTSIDE_DATA_DIRS_REFUSAL); // the directory itself is no file in it
    expect(sqliteFileRefusal(`${data}-sibling/x.db`)).toBe(OUTSIDE_DATA_DIRS_REFUSAL);
    for (const suffix of ['', '-wal', '-shm', '-journal']) expect(sqliteFileRefusal(meta + suffix)).toBe(METADATA_STORE_REFUSAL);
    expect(sqliteFileRefusal(path.join(data, 'deep', '..', 'meta.sqlite'))).toBe(METADATA_STORE_REFUSAL);
  });

  it('ignores a PostgreSQL metadata store and an examples URL of another engine', () => {
    configureSqliteFiles({ dataDirs: [], examplesUrl: 'postgresql://u@h/db', metadataUrl: 'postgresql://u@h/meta' });
    expect(sqliteFileRefusal(path.join(root, 'x.db'))).toBe(OUTSIDE_DATA_DIRS_REFUSAL);
    expect(sqliteFileRefusal(':memory:')).toBeNull();
  });
});
