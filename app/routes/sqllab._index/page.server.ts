/**
 * The /sqllab/ page's web half: what the editor starts from (databases, tabs, defaults, a
 * requested query to open), the no-JavaScript run and save forms, and posts from other sites. It
 * calls SQL Lab's domain functions and renders their typed data; what they refuse is shown on the
 * page, in the envelope the API would answer with.
 * Trust: a post carrying an intent and a csrf_token is ours and goes through requireUser (which
 * checks the token: a wrong one is a 400). Anything else posted here (a tool's form with
 * datasourceKey and sql) is never run: it only renders a confirmation whose Run button is a
 * form of ours, with the token, that the logged-in user must click.
 */
import { data, redirect } from '@remix-run/node';
import { z } from 'zod';
import { fromBody } from '~/lib/client-error';
import { formMessagesOf } from '~/lib/field-errors';
import { hasPermission } from '~/lib/permissions';
import {
  datasetIdFromDatasourceKey, limitChoices, RESULTS_PAGE_SIZE, RunFormSchema, SaveQueryFormSchema, TabFormSchema,
  type PageError, type RenderedResults, type RequestedQuery,
} from '~/lib/sqllab/page-forms';
import { newClientId } from '~/lib/sqllab/reducer';
import { savedQueryPayload, savedQueryToClient, type ServerSavedQuery } from '~/lib/sqllab/saved-query-mapping';
import { SavedQueryCreateSchema } from '~/lib/sqllab/state-schemas';
import { ExecutePayloadSchema, type QueryExecutionResponse } from '~/lib/sqllab-api';
import { successToast } from '~/lib/toasts';
import { readForm } from '~/server/api/body.server';
import { parseFields } from '~/server/api/inputs.server';
import { findCurrentUser, requireUserWith, type CurrentUser } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { getDatasetDetail } from '~/server/datasets/show.server';
import { DomainError, InputError, InvalidInputError, NotFoundError } from '~/server/domain-errors.server';
import { EngineError } from '~/server/engines/errors.server';
import { env } from '~/server/env.server';
import { sqlLabBootstrap, sqlLabDatabases, type SqlLabBootstrap } from '~/server/sqllab/bootstrap.server';
import { describeFailure, SqlLabError } from '~/server/sqllab/errors.server';
import { executeQuery } from '~/server/sqllab/execute.server';
import { backendPersistence } from '~/server/sqllab/persistence.server';
import { getQueryRecord } from '~/server/sqllab/queries-api.server';
import { getResults } from '~/server/sqllab/results.server';
import { createSavedQuery, getSavedQuery } from '~/server/sqllab/saved-queries.server';
import { getPermalink, getSharedQuery } from '~/server/sqllab/sharing.server';
import { updateTab } from '~/server/sqllab/tabs.server';
import { exploreHandoffIntent } from './explore-handoff.server';
import { tabIntent } from './tab-intents.server';

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
    limitingFactor: body.query.limitingFactor,
  };
}

/** The status of a refusal the page shows in place (under 500), or null for anything else. */
function refusedStatus(error: unknown): number | null {
  const status = error instanceof Response || error instanceof DomainError || error instanceof SqlLabError ? error.status : null;
  return status !== null && status < 500 ? status : null;
}

/**
 * What a domain call refused, as the page shows it, from the body the API would answer with
 * (error-response.server.ts). Modules not yet throwing typed errors still throw their Response.
 * Anything else is ours, and goes to the error page.
 */
async function refusal(error: unknown): Promise<{ status: number; error: PageError }> {
  let body: unknown;
  let status: number;
  if (error instanceof SqlLabError) [body, status] = [error.toJSON(), error.status];
  else if (error instanceof EngineError) [body, status] = [{ errors: describeFailure(error).errors }, describeFailure(error).status];
  else if (error instanceof InputError) [body, status] = [{ message: error.fields ?? error.message }, error.status];
  else if (error instanceof DomainError) [body, status] = [{ message: error.message }, error.status];
  else if (error instanceof Response) [body, status] = [await error.json().catch(() => null), error.status];
  else throw error;
  const shown = fromBody(body);
  return { status, error: { message: shown.error, errors: shown.errors?.map((e) => ({ message: e.message, error_type: e.error_type })) } };
}

async function tryOpen(load: () => Promise<RequestedQuery>, failure = "The query couldn't be loaded"): Promise<{ requested: RequestedQuery | null; openError: string | null }> {
  try {
    return { requested: await load(), openError: null };
  } catch (error) {
    if (refusedStatus(error) !== null) return { requested: null, openError: failure };
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
  if (id === null) throw new NotFoundError(`"${key}" is not a datasource key (<dataset id>__table).`);
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
    if (refusedStatus(error) !== null) return base;
    throw error;
  }
}

/** The query a URL asks to open: ?savedQueryId, ?id (shared), ?permalink, ?queryId. */
async function requestedByUrl(user: CurrentUser, url: URL) {
  const q = url.searchParams;
  const savedId = num(q.get('savedQueryId'));
  if (savedId) {
    return tryOpen(async () => {
      const s = savedQueryToClient((await getSavedQuery(user, savedId)) as ServerSavedQuery);
      return { name: s.name, sql: s.sql ?? '', dbId: s.dbId, schema: s.schema ?? null, autorun: false, templateParams: params(s.templateParams), remoteId: savedId };
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
      const record = await getQueryRecord(user, queryId);
      const database = record.database as { id?: number } | null;
      return { name: text(record.tab_name), sql: text(record.sql) ?? '', dbId: database?.id ?? null, schema: text(record.schema), autorun: false, templateParams: null, remoteId: null };
    });
  }
  return { requested: null, openError: null };
}

type StoredResults = { results: RenderedResults | null; resultsQuery: Posted | null; resultsError: PageError | null };

type ActiveTab = SqlLabBootstrap['active_tab'];

/**
 * Paging through a finished query's stored results (the no-JavaScript table): those the URL names,
 * else the active tab's latest results, so a reload shows what the tab showed (with the tab's SQL).
 */
async function storedResults(user: CurrentUser, url: URL, tab: ActiveTab): Promise<StoredResults> {
  const latest = tab?.latest_query?.state === 'success' ? tab.latest_query.resultsKey : null;
  const key = url.searchParams.get('results') ?? latest;
  if (!key) return { results: null, resultsQuery: null, resultsError: null };
  try {
    const body = await getResults(user, { key: key.slice(0, 64) });
    const resultsQuery: Posted = key === latest && tab ? { sql: tab.sql ?? '', dbId: tab.database_id, schema: tab.schema } : { sql: body.query.sql, dbId: body.query.dbId, schema: body.query.schema };
    return { results: renderResults(body, Number(url.searchParams.get('page')) || 1), resultsQuery, resultsError: null };
  } catch (error) {
    // The tab's results expired: its SQL still shows, as after any reload.
    if (key === latest) return { results: null, resultsQuery: null, resultsError: null };
    return { results: null, resultsQuery: null, resultsError: (await refusal(error)).error };
  }
}

export async function loadSqlLabPage(request: Request) {
  const user = await requireUserWith(request, 'menu_access', 'SQL Lab');
  const url = new URL(request.url);
  const e = env();
  const bootstrap = await sqlLabBootstrap(user);
  const { requested, openError } = await requestedByUrl(user, url);
  const { results, resultsQuery, resultsError } = await storedResults(user, url, requested ? null : bootstrap.active_tab);
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
  if (!parsed.success) throw new InvalidInputError(parsed.error.issues[0].message);
  const { sql, database_id, schema, datasourceKey } = parsed.data;
  return { sql, dbId: database_id, schema, datasourceKey };
}

async function runIntent(user: CurrentUser, form: Record<string, FormDataEntryValue>) {
  const parsed = RunFormSchema.safeParse(form);
  if (!parsed.success) return data({ intent: 'run' as const, fieldErrors: formMessagesOf(parsed.error) }, { status: 400 });
  const { database_id, schema, sql, queryLimit } = parsed.data;
  // Run in a tab the server keeps: the query is the tab's latest, so its results come back on a switch or reload.
  const tabId = backendPersistence() ? (TabFormSchema.safeParse(form).data?.tab_id ?? null) : null;
  const payload = ExecutePayloadSchema.parse({
    database_id, sql, schema, queryLimit: queryLimit ?? env().SQLLAB_DEFAULT_LIMIT, client_id: newClientId(), runAsync: false, tab: 'SQL Lab form',
    ...(tabId ? { sql_editor_id: String(tabId) } : {}),
  });
  const query: Posted = { sql, dbId: database_id, schema };
  try {
    if (tabId) await updateTab(user, tabId, { sql, database_id, schema, query_limit: payload.queryLimit, extra_json: undefined });
    const execution = await executeQuery(user, { payload });
    if (tabId) await updateTab(user, tabId, { latest_query_id: payload.client_id, extra_json: undefined });
    // A new client id, run now: the query has finished (an accepted one would be an async run).
    if (!execution.finished) throw new Error('SQL Lab form: a synchronous run came back unfinished');
    return { intent: 'run' as const, query, queryLimit: payload.queryLimit, results: renderResults(execution.body, 1) };
  } catch (error) {
    const refused = await refusal(error);
    return data({ intent: 'run' as const, query, error: refused.error }, { status: refused.status >= 500 ? 500 : 200 });
  }
}

async function saveIntent(request: Request, user: CurrentUser, form: Record<string, FormDataEntryValue>) {
  const parsed = SaveQueryFormSchema.safeParse(form);
  if (!parsed.success) return data({ intent: 'save-query' as const, fieldErrors: formMessagesOf(parsed.error) }, { status: 400 });
  const { database_id, schema, sql, label, description } = parsed.data;
  try {
    // The API's rules for a saved query (its field limits), on the API's field names.
    const input = parseFields(SavedQueryCreateSchema, savedQueryPayload({ dbId: database_id, name: label, sql, schema, description }));
    const { id } = await createSavedQuery(user, input);
    return redirect(`/sqllab/?savedQueryId=${id}`, { headers: { 'Set-Cookie': await flashToasts(request, [successToast('Your query was saved')]) } });
  } catch (error) {
    if (refusedStatus(error) === null) throw error;
    const refused = await refusal(error);
    return data({ intent: 'save-query' as const, error: { message: `Your query could not be saved: ${refused.error.message}` } }, { status: refused.status });
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
    case 'switch-tab':
    case 'new-tab':
      return tabIntent(intent, request, user, fields, refusal);
    case 'explore-handoff':
      return exploreHandoffIntent(request, user, fields, refusal);
    default:
      throw new InvalidInputError(`Unknown intent: ${intent}`);
  }
}

export type SqlLabLoaderData = Awaited<ReturnType<typeof loadSqlLabPage>>;
