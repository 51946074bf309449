import { describe, expect, it } from 'vitest';
import { backendOf } from './list-databases.server';

describe('backendOf', () => {
  it('names the engine from the scheme, ignoring the driver suffix', () => {
    expect(backendOf('sqlite:////var/lib/examples.sqlite')).toBe('sqlite');
    expect(backendOf('postgresql+psycopg2://u:secret@db:5432/x')).toBe('postgresql');
    expect(backendOf('postgres://u@db/x')).toBe('postgresql');
    expect(backendOf('mysql+mysqldb://u:p@db/x')).toBe('mysql');
    expect(backendOf('MariaDB://u:p@db/x')).toBe('mysql');
  });

  it('says "other" for unknown or malformed URIs', () => {
    expect(backendOf('oracle://u:p@db/x')).toBe('other');
    expect(backendOf('not a uri')).toBe('other');
    expect(backendOf('')).toBe('other');
  });
});
