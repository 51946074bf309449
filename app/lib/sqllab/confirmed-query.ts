/**
 * A query posted to /sqllab/ from elsewhere, once the user confirmed it with JavaScript on: the
 * confirmation page navigates to the editor with it in the navigation state (sql-lab.md §2: the
 * editor accepts a requested query as navigation state), and the editor opens it in a new tab and
 * runs it there, once. The state is history data the browser keeps, so it is parsed, not trusted.
 */
import { z } from 'zod';

export type ConfirmedQuery = { sql: string; dbId: number | null; schema: string | null };

const StateSchema = z.object({
  confirmedQuery: z.object({
    sql: z.string().max(10_000_000),
    dbId: z.number().int().positive().nullable(),
    schema: z.string().max(256).nullable(),
  }),
});

export function confirmedQueryState(query: ConfirmedQuery): { confirmedQuery: ConfirmedQuery } {
  return { confirmedQuery: query };
}

export function readConfirmedQuery(state: unknown): ConfirmedQuery | null {
  const parsed = StateSchema.safeParse(state);
  return parsed.success ? parsed.data.confirmedQuery : null;
}
