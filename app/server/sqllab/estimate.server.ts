/**
 * `POST /api/v1/sqllab/estimate/`: the engine's cost estimate of a query, without running it
 * (EXPLAIN; see app/server/engines/estimate.server.ts, which has its own deadline). Needs
 * ('can_estimate_query_cost', 'SQL Lab'), access to the database, and the database's
 * `extra.cost_estimate_enabled` (else 400, as Superset). The template is rendered first, so the
 * estimate is of the SQL that would run. Returns Superset's list of labelled figures per statement;
 * what the template or the engine refuses is thrown as the query's failure (errors.server.ts).
 */
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import type { CostEstimate } from '../engines/types.server';
import { estimateCost } from '../engines/estimate.server';
import { InvalidInputError } from '../domain-errors.server';
import { readDatabaseExtra } from '~/lib/stored-json/database-extra';
import { getSqlLabDatabase } from './database.server';
import { queryFailed } from './errors.server';
import { renderSqlTemplate } from './templating.server';

export interface EstimateInput {
  database_id: number;
  sql: string;
  schema?: string | null;
  template_params: Record<string, unknown>;
}

export async function estimateQuery(user: CurrentUser, input: EstimateInput): Promise<CostEstimate[]> {
  requirePermission(user, 'can_estimate_query_cost', 'SQL Lab');
  const db = await getSqlLabDatabase(user, input.database_id);
  if (readDatabaseExtra(db.record.extra).cost_estimate_enabled !== true) {
    throw new InvalidInputError(`Cost estimation is not enabled for the database "${db.record.database_name}". An admin can enable it in the database's settings (extra: {"cost_estimate_enabled": true}).`);
  }
  try {
    const sql = await renderSqlTemplate(input.sql, {
      templateParams: input.template_params,
      user: { id: user.id, username: user.username, email: user.email },
      engine: db.engine.name,
    });
    return await estimateCost({ target: db.target, sql, schema: input.schema ?? null });
  } catch (error) {
    throw queryFailed(error);
  }
}
