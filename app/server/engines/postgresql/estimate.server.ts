/**
 * Cost estimate from `EXPLAIN (FORMAT JSON)`: the root plan node's startup cost, total cost and rows.
 * The user's text is appended to EXPLAIN, so it goes through `select` (extended protocol): a text
 * the server reads as several commands is refused, never explained and then run; and the
 * execution core has put the session in a read-only transaction first (prepareStatement).
 */
import type { StatementShape } from '~/lib/sql/classify';
import type { CostEstimate, EngineSession } from '../types.server';

interface PlanNode {
  'Startup Cost': number;
  'Total Cost': number;
  'Plan Rows': number;
}

export async function estimatePostgres(session: EngineSession, sql: string, _shape: StatementShape): Promise<CostEstimate> {
  const { rows } = await session.select(`EXPLAIN (FORMAT JSON) ${sql}`);
  const [explained] = JSON.parse(String(rows[0]?.[0])) as { Plan: PlanNode }[];
  const plan = explained.Plan;
  return { 'Startup cost': plan['Startup Cost'], 'Total cost': plan['Total Cost'], Rows: plan['Plan Rows'] };
}
