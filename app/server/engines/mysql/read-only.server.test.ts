import { describe, expect, it } from 'vitest';
import { ReadOnlyBranch, readOnlyRefusal } from './read-only.server';

/** What the branch sends, with a server that answers `refuse(sql)` as an error (MariaDB's answers are in the integration tests). */
function recorder(refuse: (sql: string) => { errno: number } | null = () => null) {
  const sent: string[] = [];
  const run = async (sql: string) => {
    sent.push(sql.replace(/sightline_[0-9a-f]{32}/, 'XID'));
    const error = refuse(sql);
    if (error) throw Object.assign(new Error('refused'), error);
  };
  return { sent, branch: new ReadOnlyBranch(run) };
}

describe('ReadOnlyBranch', () => {
  it('opens a read-only branch with one statement on MariaDB, and closes the previous one first', async () => {
    const { sent, branch } = recorder();
    await branch.prepare(true);
    expect(branch.active).toBe(true);
    await branch.prepare(true);
    expect(sent).toEqual([
      "SET STATEMENT tx_read_only = 1 FOR XA START 'XID'",
      "XA END 'XID'",
      "XA ROLLBACK 'XID'",
      "SET STATEMENT tx_read_only = 1 FOR XA START 'XID'",
    ]);
  });

  it('uses a new xid each time', async () => {
    const xids: string[] = [];
    const branch = new ReadOnlyBranch(async (sql) => void xids.push(/sightline_[0-9a-f]{32}/.exec(sql)?.[0] ?? ''));
    await branch.prepare(true);
    await branch.prepare(true);
    expect(new Set(xids.filter(Boolean)).size).toBe(2);
  });

  it('falls back to SET SESSION TRANSACTION READ ONLY where SET STATEMENT is a syntax error (MySQL), and remembers', async () => {
    const { sent, branch } = recorder((sql) => (sql.startsWith('SET STATEMENT') ? { errno: 1064 } : null));
    await branch.prepare(true);
    await branch.prepare(true);
    expect(sent).toEqual([
      "SET STATEMENT tx_read_only = 1 FOR XA START 'XID'",
      'SET SESSION TRANSACTION READ ONLY',
      "XA START 'XID'",
      "XA END 'XID'",
      "XA ROLLBACK 'XID'",
      'SET SESSION TRANSACTION READ ONLY',
      "XA START 'XID'",
    ]);
  });

  it('fails, with no branch open, when the server refuses XA; sends nothing without readOnly', async () => {
    const { sent, branch } = recorder((sql) => (sql.includes('XA START') ? { errno: 1235 } : null));
    await expect(branch.prepare(true)).rejects.toMatchObject({ errno: 1235 });
    expect(branch.active).toBe(false);
    await branch.prepare(false);
    expect(sent).toHaveLength(1);
  });

  it('closes an open branch for a statement that may write, and forgets one a connection reset ended', async () => {
    const { sent, branch } = recorder();
    await branch.prepare(true);
    await branch.prepare(false);
    expect(sent.slice(1)).toEqual(["XA END 'XID'", "XA ROLLBACK 'XID'"]);
    await branch.prepare(true);
    branch.forget();
    await branch.prepare(true);
    expect(sent.slice(3)).toEqual(["SET STATEMENT tx_read_only = 1 FOR XA START 'XID'", "SET STATEMENT tx_read_only = 1 FOR XA START 'XID'"]);
  });
});

describe('readOnlyRefusal', () => {
  it('names the read-only refusals as DML not allowed, and leaves other errors alone', () => {
    expect(readOnlyRefusal({ errno: 1792 })?.error.error_type).toBe('DML_NOT_ALLOWED_ERROR');
    expect(readOnlyRefusal({ errno: 1399 })?.message).toContain('commit implicitly');
    expect(readOnlyRefusal({ errno: 1064 })).toBeNull();
    expect(readOnlyRefusal(null)).toBeNull();
  });
});
