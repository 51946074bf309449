/**
 * The /sqllab/ page's server half: what the editor starts from (databases, tabs, defaults, a
 * requested query to open), the no-JavaScript run and save forms, and posts from other sites.
 * Trust: a post carrying an intent and a csrf_token is ours and goes through requireUser (which
 * checks the token: a wrong one is a 400). Anything else posted here (a tool's form with
 * datasourceKey and sql) is never run: it only renders a confirmation whose Run button is a
 * form of ours, with the token, that the logged-in user must click.
 */
import { data, redirect } from '@remix-run/node';
import { z } from 'zod';
import { fromBody } from '~/lib/client-error';
import { parseLossless } from '~/lib/sql/lossless-json';
import {
  datasetIdFromDatasourceKey, limitChoices, RESULTS_PAGE_SIZE, RunFormSchema, SaveQueryFormSchema,
  type PageError, type RenderedResults, type RequestedQuery,
} from '~/lib/sqllab/page-forms';
import { fieldErrors } from '~/lib/form-errors';
import { newClientId } from '~/lib/sqllab/reducer';
import { ExecutePayloadSchema, type QueryExecutionResponse } from '~/lib/sqllab-api';
import { hasPermission } from '~/lib/permissions';
import { successToast } from '~/lib/toasts';
import { readForm } from '../api/body.server';
import { findCurrentUser, requireUserWith, type CurrentUser } from '../auth/current-user.server';
import { flashToasts } from '../auth/session.server';
import { EngineError } from '../engines/errors.server';
import { env } from '../env.server';
import { badRequest, notFound } from '../http.server';
import { getDatasetDetail } from '../datasets/show.server';
import { sqlLabBootstrap, sqlLabDatabases } from './bootstrap.server';
import { describeFailure, failureResponse, SqlLabError } from './errors.server';
import { executeQuery } from './execute.server';
import { getQueryRecord } from './queries-api.server';
import { backendPersistence } from './requests.server';
import { getResults } from './results.server';
import { createSavedQuery, getSavedQuery } from './saved-queries.server';
import { getPermalink, getSharedQuery } from './sharing.server';

type Posted = { sql: string; dbId: number | null; schema: string | null };
/** As posted: the dataset a datasourceKey names is looked up once the user is known. */
type PostedForm = Posted & { datasourceKey: string | null };

function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function renderResults(body: QueryExecutionResponse, page: number): RenderedResults {
  const columns = body.columns.map((c) => c.name);
  const total = body.data.length;
  const pageCount = Math.max(1, Math.ceil(total / RESULTS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = body.data.slice((current - 1) * RESULTS_PAGE_SIZE, current * RESULTS_PAGE_SIZE).map((row) => columns.map((c) => cellText(row[c])));
  const limit = body.query.limit;
  return {
    clientId: body.query.id,
    resultsKey: body.query.resultsKey,
    columns,
    rows,
    totalRows: total,
    page: current,
    pageCount,
    limit,
    limitReached: Boolean(body.displayLimitReached) || (limit !== null && total >= limit),
  };
}

/** A domain function's answer or refusal as status and parsed body (results keep big integers). */
async function answerOf(call: () => Promise<Response>): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await call();
  } catch (error) {
    if (error instanceof Response) response = error;
    else if (error instanceof EngineError || error instanceof SqlLabError) response = failureResponse(describeFailure(error));
    else throw error;
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = parseLossless(text);
  } catch {
    // not JSON: the text is the message
  }
  return { status: response.status, body };
}

function pageError(body: unknown): PageError {
  const error = fromBody(body);
  return { message: error.error, errors: error.errors?.map((e) => ({ message: e.message, error_type: e.error_type })) };
}

async function tryOpen(load: () => Promise<RequestedQuery>, failure = "The query couldn't be loaded"): Promise<{ requested: RequestedQuery | null; openError: string | null }> {
  try {
    return { requested: await load(), openError: null };
  } catch (error) {
    if (error instanceof Response && error.status < 500) return { requested: null, openError: failure };
    throw error;
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);
const params = (v: unknown) => (typeof v === 'string' ? v : v && typeof v === 'object' ? JSON.stringify(v) : null);

/**
 * The dataset a datasource key names, as a query to open: its database and schema, and its SQL (a
 * virtual dataset) or a SELECT * of its table. A 404 or 403 when it is missing or not the user's to see.
 */
async function datasetSource(user: CurrentUser, key: string) {
  const id = datasetIdFromDatasourceKey(key);
  if (id === null) throw notFound(`"${key}" is not a datasource key (<dataset id>__table).`);
  const dataset = await getDatasetDetail(user, id);
  return { name: dataset.table_name, sql: dataset.sql?.trim() ? dataset.sql : dataset.select_star ?? '', dbId: dataset.database.id, schema: dataset.schema };
}

/** A posted query on the dataset its datasourceKey names (the posted SQL stays); unchanged when it names none the user can see. */
async function onPostedDataset(user: CurrentUser, posted: PostedForm): Promise<Posted> {
  const base = { sql: posted.sql, dbId: posted.dbId, schema: posted.schema };
  if (!posted.datasourceKey) return base;
  try {
    const dataset = await datasetSource(user, posted.datasourceKey);
    return { sql: posted.sql || dataset.sql, dbId: dataset.dbId, schema: posted.schema ?? dataset.schema };
  } catch (error) {
    if (error instanceof Response && error.status < 500) return base;
    throw error;
  }
}

/** The query a URL asks to open: ?savedQueryId, ?id (shared), ?permalink, ?queryId. */
async function requestedByUrl(user: CurrentUser, url: URL) {
  const q = url.searchParams;
  const savedId = num(q.get('savedQueryId'));
  if (savedId) {
    return tryOpen(async () => {
      const s = await getSavedQuery(user, savedId);
      return { name: text(s.label), sql: text(s.sql) ?? '', dbId: num(s.db_id), schema: text(s.schema), autorun: false, templateParams: params(s.template_parameters), remoteId: savedId };
    });
  }
  const shared = q.get('id') ?? q.get('permalink');
  if (shared) {
    return tryOpen(async () => {
      const s = q.has('id') ? await getSharedQuery(user, shared) : await getPermalink(user, shared);
      return { name: text(s.name), sql: text(s.sql) ?? '', dbId: num(s.dbId), schema: text(s.schema), autorun: s.autorun === true, templateParams: params(s.templateParams), remoteId: null };
    });
  }
  const datasourceKey = q.get('datasourceKey');
  if (datasourceKey && q.get('confirm') !== '1') {
    return tryOpen(async () => {
      const dataset = await datasetSource(user, datasourceKey);
      return { name: dataset.name, sql: dataset.sql, dbId: dataset.dbId, schema: dataset.schema, autorun: false, templateParams: null, remoteId: null };
    }, "The datasource couldn't be loaded");
  }
  const queryId = num(q.get('queryId'));
  if (queryId) {
    return tryOpen(async () => {
      const { result } = await getQueryRecord(user, queryId);
      const database = result.database as { id?: number } | null;
      return { name: text(result.tab_name), sql: text(result.sql) ?? '', dbId: database?.id ?? null, schema: text(result.schema), autorun: false, templateParams: null, remoteId: null };
    });
  }
  return { requested: null, openError: null };
}

export async function loadSqlLabPage(request: Request) {
  const user = await requireUserWith(request, 'menu_access', 'SQL Lab');
  const url = new URL(request.url);
  const e = env();
  const bootstrap = await sqlLabBootstrap(user);
  const { requested, openError } = await requestedByUrl(user, url);

  // Paging through a finished query's stored results (the no-JavaScript table).
  let results: RenderedResults | null = null;
  let resultsQuery: Posted | null = null;
  let resultsError: PageError | null = null;
  const key = url.searchParams.get('results');
  if (key) {
    const answer = await answerOf(() => getResults(user, { key: key.slice(0, 64) }));
    if (answer.status === 200) {
      const body = answer.body as QueryExecutionResponse;
      results = renderResults(body, Number(url.searchParams.get('page')) || 1);
      resultsQuery = { sql: body.query.sql, dbId: body.query.dbId, schema: body.query.schema };
    } else {
      resultsError = pageError(answer.body);
    }
  }
  const confirm: Posted | null =
    url.searchParams.get('confirm') === '1'
      ? await onPostedDataset(user, {
        sql: url.searchParams.get('sql') ?? '',
        dbId: num(url.searchParams.get('database_id')),
        schema: url.searchParams.get('schema') || null,
        datasourceKey: url.searchParams.get('datasourceKey'),
      })
      : null;

  return {
    bootstrap,
    persistence: backendPersistence(),
    defaultLimit: e.SQLLAB_DEFAULT_LIMIT,
    limits: limitChoices(e.SQL_MAX_ROW, e.SQLLAB_DEFAULT_LIMIT),
    canCsv: hasPermission(user.roles, 'can_csv', 'Superset'),
    requested,
    openError,
    results,
    resultsQuery,
    resultsError,
    confirm,
  };
}

/** What other tools post to /sqllab/, every field optional as in Superset: an id that is not a number is no id. */
const PostedFormSchema = z.object({
  sql: z.string().max(10_000_000, 'The SQL is longer than 10 million characters.').default(''),
  database_id: z.string().optional().transform(num),
  schema: z.string().optional().transform((v) => v || null),
  datasourceKey: z.string().optional().transform((v) => v ?? null),
});

function postedQuery(form: FormData): PostedForm {
  const parsed = PostedFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  const { sql, database_id, schema, datasourceKey } = parsed.data;
  return { sql, dbId: database_id, schema, datasourceKey };
}

async function runIntent(user: CurrentUser, form: Record<string, FormDataEntryValue>) {
  const parsed = RunFormSchema.safeParse(form);
  if (!parsed.success) return data({ intent: 'run' as const, fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
  const { database_id, schema, sql, queryLimit } = parsed.data;
  const payload = ExecutePayloadSchema.parse({
    database_id, sql, schema, queryLimit: queryLimit ?? env().SQLLAB_DEFAULT_LIMIT, client_id: newClientId(), runAsync: false, tab: 'SQL Lab form',
  });
  const query: Posted = { sql, dbId: database_id, schema };
  const answer = await answerOf(() => executeQuery({ user, urlParams: {} }, payload));
  if (answer.status !== 200) return data({ intent: 'run' as const, query, error: pageError(answer.body) }, { status: answer.status >= 500 ? 500 : 200 });
  return { intent: 'run' as const, query, queryLimit: payload.queryLimit, results: renderResults(answer.body as QueryExecutionResponse, 1) };
}

async function saveIntent(request: Request, user: CurrentUser, form: Record<string, FormDataEntryValue>) {
  const parsed = SaveQueryFormSchema.safeParse(form);
  if (!parsed.success) return data({ intent: 'save-query' as const, fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
  const { database_id, schema, sql, label, description } = parsed.data;
  try {
    const { id } = await createSavedQuery(user, { label, description, sql, db_id: database_id, schema });
    return redirect(`/sqllab/?savedQueryId=${id}`, { headers: { 'Set-Cookie': await flashToasts(request, [successToast('Your query was saved')]) } });
  } catch (error) {
    if (!(error instanceof Response) || error.status >= 500) throw error;
    const body: unknown = await error.json().catch(() => null);
    return data({ intent: 'save-query' as const, error: { message: `Your query could not be saved: ${pageError(body).message}` } }, { status: error.status });
  }
}

/**
 * A query posted from elsewhere (a tool's or another site's form): shown, never run. Without the
 * session cookie (SameSite=Lax keeps it off cross-site posts) the query is carried to a GET,
 * which has the cookie, or sends the user to log in and back.
 */
export async function postedQueryAction(request: Request) {
  const posted = postedQuery(await readForm(request));
  const user = await findCurrentUser(request);
  if (user && hasPermission(user.roles, 'menu_access', 'SQL Lab')) {
    return { intent: 'confirm' as const, posted: await onPostedDataset(user, posted), databases: Object.values(await sqlLabDatabases(user)), defaultLimit: env().SQLLAB_DEFAULT_LIMIT };
  }
  const search = new URLSearchParams({ confirm: '1', sql: posted.sql });
  if (posted.dbId) search.set('database_id', String(posted.dbId));
  if (posted.schema) search.set('schema', posted.schema);
  if (posted.datasourceKey) search.set('datasourceKey', posted.datasourceKey);
  return redirect(`/sqllab/?${search}`, 303);
}

export async function sqlLabPageAction(request: Request) {
  const form = await readForm(request);
  const intent = form.get('intent');
  const token = form.get('csrf_token');
  if (typeof intent !== 'string' || typeof token !== 'string' || !token) return postedQueryAction(request);
  const user = await requireUserWith(request, 'menu_access', 'SQL Lab');
  const fields = Object.fromEntries(form);
  switch (intent) {
    case 'run':
      return runIntent(user, fields);
    case 'save-query':
      return saveIntent(request, user, fields);
    default:
      throw badRequest(`Unknown intent: ${intent}`);
  }
}

export type SqlLabLoaderData = Awaited<ReturnType<typeof loadSqlLabPage>>;
