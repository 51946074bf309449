/**
 * SQL Lab's cost estimate: one labelled set of figures per statement, as Superset's
 * `[{'Startup cost': …, 'Total cost': …}]`. Statements EXPLAIN cannot describe (DDL) get `{}`;
 * session statements (SET, USE) run first so later statements are explained in their context.
 * Nothing is executed otherwise: EXPLAIN of a DML statement does not run it.
 */
import { describeStatement } from '~/lib/sql/classify';
import { splitStatements } from '~/lib/sql/split';
import { engineError } from './errors.server';
import { resolveTarget, type ConnectionTarget } from './pools.server';
import { withSession } from './session-scope.server';
import type { CostEstimate } from './types.server';

/** SQLLAB_QUERY_COST_ESTIMATE_TIMEOUT */
const ESTIMATE_TIMEOUT_MS = 10_000;

const EXPLAINABLE = new Set(['SELECT', 'WITH', 'VALUES', 'TABLE', 'INSERT', 'UPDATE', 'DELETE', 'MERGE', 'REPLACE']);

export async function estimateCost(opts: { target: ConnectionTarget; sql: string; schema?: string | null; timeoutMs?: number }): Promise<CostEstimate[]> {
  const { engine } = resolveTarget(opts.target);
  const estimate = engine.estimate;
  if (!estimate) {
    throw engineError('GENERIC_DB_ENGINE_ERROR', `${engine.label} does not support cost estimation.`, { engineName: engine.label, status: 400 });
  }
  const flavor = engine.dialect.flavor;
  const statements = splitStatements(opts.sql, flavor).map((s) => ({ sql: s.sql, shape: describeStatement(s.sql, flavor) }));
  return withSession({ target: opts.target, timeoutMs: opts.timeoutMs ?? ESTIMATE_TIMEOUT_MS }, async (session) => {
    const discard = { batchSize: 1000, onBatch: () => {} };
    // An estimate never writes: every statement, ours included, runs read-only in the engine.
    const readOnly = { readOnly: true };
    for (const sql of opts.schema ? engine.dialect.useSchema(opts.schema) : []) {
      await session.prepareStatement(readOnly);
      await session.query(sql, describeStatement(sql, flavor), discard);
    }
    const out: CostEstimate[] = [];
    for (const { sql, shape } of statements) {
      await session.prepareStatement(readOnly);
      if (EXPLAINABLE.has(shape.keyword)) {
        out.push(await estimate(session, sql, shape));
      } else {
        if (shape.kind === 'read' && !shape.returnsRows) await session.query(sql, shape, discard);
        out.push({});
      }
    }
    return out;
  });
}
