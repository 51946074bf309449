/**
 * Read-only statements on MySQL and MariaDB, enforced by the server itself. Before each statement
 * of a database without DML the session rolls back the previous branch and opens a new XA
 * transaction branch that is READ ONLY, under a fresh random xid that no statement ever sees:
 *
 * - A READ ONLY transaction refuses every write (ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION, 1792):
 *   tables of any storage engine, sequences, temporary tables (MariaDB), writes by stored functions
 *   and procedures, PREPARE/EXECUTE — even when the statement lifts the session's setting for itself
 *   (`SET STATEMENT tx_read_only=0 FOR DELETE …`): the branch was started read-only.
 * - An ACTIVE XA branch refuses whatever would end it (XAER_RMFAIL, 1399): COMMIT, ROLLBACK, BEGIN,
 *   START TRANSACTION, SET autocommit = 1, LOCK TABLES, and every statement that commits implicitly,
 *   i.e. all DDL (CREATE/DROP/ALTER/TRUNCATE/RENAME, CREATE PROCEDURE, GRANT, SET PASSWORD, ANALYZE
 *   TABLE …). A plain `START TRANSACTION READ ONLY` is not enough: MariaDB 10.11 commits it before a
 *   DROP TABLE and then drops the table, and `SET STATEMENT tx_read_only=0 FOR DROP TABLE t` defeats
 *   a session's READ ONLY characteristic. Only `XA END '<xid>'` ends the branch, and the xid is new
 *   for every statement: a stored procedure written to learn it at run time (performance_schema)
 *   and end the branch is the one way out, and it needs someone with CREATE ROUTINE to write it.
 *
 * No transaction stops what changes the server rather than data: SET GLOBAL / SET PERSIST, SELECT
 * … INTO OUTFILE / DUMPFILE (a file on the server), KILL, SHUTDOWN, INSTALL PLUGIN. Only the
 * connection user's privileges stop those (SUPER or the per-variable admin privilege, FILE, …):
 * the parser's refusal gives the message, the database user is the guarantee.
 *
 * Round trips: one before the first statement of a script (MariaDB: `SET STATEMENT tx_read_only=1
 * FOR XA START`), three before each later one (XA END, XA ROLLBACK, XA START). MySQL has no SET
 * STATEMENT: there `SET SESSION TRANSACTION READ ONLY` goes first, one more each time. Without
 * `readOnly` nothing is sent. A server that refuses XA (a Galera cluster) refuses read-only queries.
 */
import crypto from 'node:crypto';
import { engineError, type EngineError } from '../errors.server';

const ER_PARSE_ERROR = 1064;
const ER_XAER_RMFAIL = 1399;
const ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION = 1792;

const errnoOf = (error: unknown) => (error as { errno?: unknown } | null)?.errno;

export class ReadOnlyBranch {
  private xid: string | null = null;
  /** Whether the server takes MariaDB's SET STATEMENT; learned from the first attempt. */
  private setStatement: boolean | null = null;

  constructor(private readonly run: (sql: string) => Promise<void>) {}

  /** Whether a read-only branch is open: the statement now running runs in it. */
  get active(): boolean {
    return this.xid !== null;
  }

  /** Closes the previous branch, then, for a read-only statement, opens a new one. */
  async prepare(readOnly: boolean): Promise<void> {
    if (this.xid) {
      const xid = this.xid;
      this.xid = null;
      await this.run(`XA END '${xid}'`);
      await this.run(`XA ROLLBACK '${xid}'`);
    }
    if (!readOnly) return;
    const xid = `sightline_${crypto.randomBytes(16).toString('hex')}`;
    await this.start(xid);
    this.xid = xid;
  }

  private async start(xid: string): Promise<void> {
    if (this.setStatement !== false) {
      try {
        await this.run(`SET STATEMENT tx_read_only = 1 FOR XA START '${xid}'`);
        this.setStatement = true;
        return;
      } catch (error) {
        if (this.setStatement === true || errnoOf(error) !== ER_PARSE_ERROR) throw error;
        this.setStatement = false; // MySQL
      }
    }
    await this.run('SET SESSION TRANSACTION READ ONLY');
    await this.run(`XA START '${xid}'`);
  }

  /** The connection was reset (COM_RESET_CONNECTION ends any branch): nothing is open any more. */
  forget(): void {
    this.xid = null;
  }
}

/** The server's refusal of a statement in the read-only branch, as the error a user should read; null for other errors. */
export function readOnlyRefusal(error: unknown): EngineError | null {
  const errno = errnoOf(error);
  const opts = { engineName: 'MySQL', cause: error };
  if (errno === ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION) {
    return engineError('DML_NOT_ALLOWED_ERROR', 'This database does not allow changes: the server refused a write in the read-only transaction the query runs in.', opts);
  }
  if (errno === ER_XAER_RMFAIL) {
    return engineError(
      'DML_NOT_ALLOWED_ERROR',
      'This database does not allow changes: statements that end the transaction or commit implicitly (BEGIN, COMMIT, ROLLBACK, CREATE, DROP, ALTER, LOCK …) cannot run in the read-only transaction the query runs in.',
      opts,
    );
  }
  return null;
}
