/**
 * Cost estimate from the classic EXPLAIN, which MySQL and MariaDB print alike: the rows each
 * table access examines, multiplied along the plan (a nested-loop join reads the product), and
 * the optimizer's cost for the statement, which both servers keep in `Last_query_cost` after
 * an EXPLAIN on the same connection.
 */
import type { StatementShape } from '~/lib/sql/classify';
import type { CostEstimate, EngineSession } from '../types.server';

export async function estimateMysql(session: EngineSession, sql: string, _shape: StatementShape): Promise<CostEstimate> {
  const plan = await session.select(`EXPLAIN ${sql}`);
  const rowsAt = plan.columns.findIndex((c) => c.name.toLowerCase() === 'rows');
  let examined = 1;
  for (const row of plan.rows) {
    const rows = Number(row[rowsAt]);
    if (Number.isFinite(rows) && rows > 0) examined *= rows;
  }
  const status = await session.select("SHOW SESSION STATUS LIKE 'Last_query_cost'");
  const cost = Number(status.rows[0]?.[1]);
  return { 'Rows examined': examined, ...(Number.isFinite(cost) && cost > 0 ? { 'Total cost': cost } : {}) };
}
