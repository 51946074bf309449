/**
 * The no-JavaScript SQL Lab page's forms (run, save query) and the shapes its server half answers,
 * shared by the route's action and its components.
 */
import { z } from 'zod';

/** Row limits offered in the limit select (Superset's dropdown doubles from 10 up to SQL_MAX_ROW). */
export function limitChoices(maxRow: number, defaultLimit: number): number[] {
  const choices: number[] = [];
  for (let n = 10; n < maxRow; n *= 10) choices.push(n);
  choices.push(maxRow);
  if (!choices.includes(defaultLimit)) choices.push(defaultLimit);
  return [...new Set(choices)].sort((a, b) => a - b);
}

/** Rows per page of the server-rendered results table. */
export const RESULTS_PAGE_SIZE = 100;

const id = z.coerce.number({ error: 'Choose a database.' }).int('Choose a database.').positive('Choose a database.');
const schemaField = z.string().trim().max(256, 'The schema name is at most 256 characters.').optional().transform((s) => s || null);

export const RunFormSchema = z.object({
  database_id: id,
  schema: schemaField,
  sql: z.string({ error: 'Write a query to run.' }).refine((s) => s.trim() !== '', 'Write a query to run.'),
  queryLimit: z.coerce.number().int().positive('The limit must be positive.').optional(),
});

export const SaveQueryFormSchema = z.object({
  database_id: id,
  schema: schemaField,
  sql: z.string().refine((s) => s.trim() !== '', 'There is no SQL to save.'),
  label: z.string().trim().min(1, 'Give the query a name.').max(256, 'The name is at most 256 characters.'),
  description: z.string().optional().transform((s) => s || null),
});

/**
 * Switching tabs or opening one without JavaScript (intents switch-tab, new-tab): the form carries
 * the shown tab's id and its fields as typed, kept on that tab before the page moves on, as the
 * hydrated editor keeps them. Nothing here is required: an empty SQL or no database is a draft.
 */
export const TabFormSchema = z.object({
  tab_id: z.coerce.number().int().positive('Not a tab.').optional(),
  database_id: z.string().optional().transform((v) => (v && /^\d+$/.test(v) ? Number(v) : null)),
  schema: schemaField,
  sql: z.string().max(1_000_000, 'The SQL of a tab is at most 1,000,000 characters.').optional(),
  queryLimit: z.coerce.number().int().positive('The limit must be positive.').optional(),
});

/** The tab a switch-tab form asks for, from the URL its button posts to (`/sqllab/?index&tab=N`). */
export function targetTabOf(url: URL): number | null {
  const raw = url.searchParams.get('tab');
  return raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** A datasource key is `<dataset id>__<type>` (Superset's, e.g. `12__table`): the dataset's id. */
export function datasetIdFromDatasourceKey(key: string | null | undefined): number | null {
  const match = /^(\d+)__\w+$/.exec(key?.trim() ?? '');
  return match ? Number(match[1]) : null;
}

/** What the editor opens in a new tab (a saved, shared, past or posted query). */
export type RequestedQuery = {
  name: string | null;
  sql: string;
  dbId: number | null;
  schema: string | null;
  autorun: boolean;
  templateParams: string | null;
  remoteId: number | null;
};

/** A finished query's results as the server renders them: cells as display text (big integers exact). */
export type RenderedResults = {
  clientId: string;
  resultsKey: string | null;
  columns: string[];
  rows: (string | null)[][];
  totalRows: number;
  page: number;
  pageCount: number;
  limit: number | null;
  limitReached: boolean;
  /** Why the rows stop where they do (the server's LimitingFactor), for Superset's wording. */
  limitingFactor?: string | null;
};

export type PageError = { message: string; errors?: { message: string; error_type?: string }[] };
