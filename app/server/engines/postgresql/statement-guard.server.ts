/**
 * What runs before each statement of a script on a PostgreSQL session: standard strings pinned,
 * and on a database without allow_dml a READ ONLY transaction the statement cannot leave.
 *
 * Read-only: one simple-protocol round trip of our own fixed text puts the session in a READ ONLY
 * transaction (BEGIN READ ONLY when idle, SET TRANSACTION READ ONLY inside the transaction an
 * earlier statement left: chosen by the status of the last ReadyForQuery, so the server never logs
 * a "transaction already in progress" warning) and takes the transaction's first snapshot with a
 * SELECT. From then on PostgreSQL itself refuses to turn that transaction read-write ("must be
 * set before any query"; in a savepoint "cannot set transaction read-write mode inside a read-only
 * transaction"), and the statement that follows, being one command (extended protocol), cannot
 * also end the transaction and write. Whatever earlier statements did (COMMIT AND CHAIN, BEGIN
 * READ WRITE, default_transaction_read_only = off, set_config …), the next statement is again in
 * a read-only transaction with a snapshot. The SELECT answers the settings as they are, and they
 * are checked: a statement never runs unless the server says read-only and standard strings, and
 * the round trip ends inside a transaction block.
 *
 * That transaction is never committed: the session's reset rolls it back. PostgreSQL (15 here)
 * lets a READ ONLY transaction change large objects (lo_create, lo_put, lo_unlink) and queue
 * NOTIFYs, which last only if it commits; so a COMMIT or END of the script is parsed by the server
 * (one valid command) but not run, and the transaction goes on with the SETs made in it, as they
 * would outlast a COMMIT. PREPARE TRANSACTION is refused. These are told by the statement's first
 * words, which our lexer and the server read alike (one command; comments nest in both).
 *
 * Standard strings: the SQL splitter reads backslashes as standard strings do. The server reports
 * every change of standard_conforming_strings (ParameterStatus), so it is pinned again only when
 * reported off (outside any transaction, so a ROLLBACK cannot bring "off" back), and a statement
 * that turns it off is an error of that statement: the ones after it were split reading it on.
 */
import type pg from 'pg';
import { keyword, POSTGRES_FLAVOR, significant, tokenize } from '~/lib/sql/lexer';
import { engineError, type EngineError } from '../errors.server';
import type { QueryOutcome } from '../types.server';
import { parseOneStatement } from './guarded-query.server';

const SETTINGS = "SELECT current_setting('transaction_read_only'), current_setting('standard_conforming_strings')";
/** From idle (after reset, COMMIT or ROLLBACK). */
const OPEN = `BEGIN READ ONLY; SET standard_conforming_strings = on; ${SETTINGS}`;
/** Inside a transaction (ours, or one chained from it); switching to read-only is always allowed. */
const KEEP = `SET TRANSACTION READ ONLY; SET standard_conforming_strings = on; ${SETTINGS}`;
const PIN_STANDARD_STRINGS = 'SET standard_conforming_strings = on';

/** ReadyForQuery's transaction status: 'I' idle, 'T' in a transaction block, 'E' in a failed one. */
type TransactionStatus = 'I' | 'T' | 'E';

const engineName = 'PostgreSQL';

export function standardStringsTurnedOff(): EngineError {
  return engineError(
    'GENERIC_DB_ENGINE_ERROR',
    "standard_conforming_strings cannot be turned off here: statements are split with standard strings (a backslash is an ordinary character; use E'…' strings for escapes).",
    { engineName, status: 400 },
  );
}

/** COMMIT / END (not COMMIT PREPARED), or PREPARE TRANSACTION, by the statement's first words. */
function transactionEnd(sql: string): 'commit' | 'prepare' | null {
  const [first, second] = significant(tokenize(sql, POSTGRES_FLAVOR)).slice(0, 2).map(keyword);
  if ((first === 'COMMIT' || first === 'END') && second !== 'PREPARED') return 'commit';
  if (first === 'PREPARE' && second === 'TRANSACTION') return 'prepare';
  return null;
}

export class StatementGuard {
  private status: TransactionStatus = 'I';
  private standardStrings = false;
  /** Whether the statement about to run is in our read-only transaction. */
  private readOnly = false;

  /** Call before connecting: the startup ParameterStatus messages count too. */
  constructor(private readonly client: pg.Client) {
    client.connection.on('readyForQuery', (msg: { status: TransactionStatus }) => {
      this.status = msg.status;
    });
    client.connection.on('parameterStatus', (msg: { parameterName: string; parameterValue: string }) => {
      if (msg.parameterName === 'standard_conforming_strings') this.standardStrings = msg.parameterValue === 'on';
    });
  }

  /** Whether the server has standard strings on now (after a statement: whether it turned them off). */
  get standardStringsOn(): boolean {
    return this.standardStrings;
  }

  async prepare(readOnly: boolean): Promise<void> {
    if (!this.standardStrings && (!readOnly || this.status === 'I')) await this.client.query(PIN_STANDARD_STRINGS);
    // With allow_dml: writable as the script left it (autocommit unless it opened a transaction).
    if (readOnly) await this.enterReadOnly();
    this.readOnly = readOnly;
  }

  /** An answer for a statement the read-only transaction must not run as sent; null: run it. */
  async intercept(sql: string): Promise<QueryOutcome | null> {
    const ending = this.readOnly ? transactionEnd(sql) : null;
    if (ending === 'prepare') {
      throw engineError('DML_NOT_ALLOWED_ERROR', 'This database does not allow for DDL/DML: a read-only query’s transaction is never committed or prepared.', { engineName });
    }
    if (ending !== 'commit') return null;
    await parseOneStatement(this.client, sql);
    return { columns: [], rowsRead: 0, affectedRows: null, truncated: false };
  }

  /** The session was reset (ROLLBACK, DISCARD ALL). */
  reset(): void {
    this.readOnly = false;
  }

  private async enterReadOnly(): Promise<void> {
    const answer: unknown = await this.client.query({ text: this.status === 'I' ? OPEN : KEEP, rowMode: 'array' });
    const results = (Array.isArray(answer) ? answer : [answer]) as pg.QueryArrayResult[];
    const settings = results[results.length - 1]?.rows[0];
    if (settings?.[0] !== 'on' || settings[1] !== 'on' || this.status !== 'T') {
      throw engineError('GENERIC_DB_ENGINE_ERROR', 'The statement was not run: the database could not be made to run it read-only.', {
        engineName,
        extra: { transaction_read_only: settings?.[0] ?? null, standard_conforming_strings: settings?.[1] ?? null, transaction_status: this.status },
      });
    }
  }
}
