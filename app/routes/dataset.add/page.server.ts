/**
 * /dataset/add/: a dataset from a database's table, in Superset's steps (database, then schema,
 * then table). The choices so far travel in the URL (`?database=&schema=`), so each step is a GET
 * form that works without JavaScript; the last step posts to createDataset, the API's own
 * function, with the same checks (can_write on Dataset, access to the database, 422 for a table
 * that has a dataset already or is gone).
 */
import { data, redirect } from '@remix-run/node';
import { z } from 'zod';
import { describeFieldErrors, type FieldErrors } from '~/lib/field-errors';
import { MAX_PAGE_SIZE } from '~/lib/list-query';
import { successToast } from '~/lib/toasts';
import { readForm } from '~/server/api/body.server';
import { pageResult } from '~/server/api/error-response.server';
import { badRequest } from '~/server/api/http-errors.server';
import { requireUserWith, type CurrentUser } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { schemasOf, tablesOf } from '~/server/databases/metadata.server';
import { createDataset } from '~/server/datasets/create.server';
import { datasetResource } from '~/server/datasets/resource.server';
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '~/server/domain-errors.server';
import { EngineError, EngineErrors } from '~/server/engines/errors.server';
import { listResource } from '~/server/lists/list.server';
import { relatedResource } from '~/server/lists/related.server';
import { SqlLabError } from '~/server/sqllab/errors.server';
import type { AddDatasetPage } from '~/ui/datasets/add-dataset-form';
import { DATASETS_PATH } from '../tablemodelview.list/page.server';

export type Refusal = { status: number; message: string; fields: FieldErrors | null };

/**
 * A refusal the page shows in place (bad input, a rule, a permission, what the database said),
 * with its status and its first message; null for anything else, which is the error page's.
 */
export function refusalOf(error: unknown): Refusal | null {
  if (error instanceof InputError) {
    const first = error.fields ? Object.values(error.fields).find((m) => m.length)?.[0] : undefined;
    return { status: error.status, message: first ?? (error.fields ? describeFieldErrors(error.fields) : error.message), fields: error.fields };
  }
  if (error instanceof ForbiddenError || error instanceof ConflictError || error instanceof NotFoundError) {
    return { status: error.status, message: error.message, fields: null };
  }
  if (error instanceof EngineError || error instanceof EngineErrors || error instanceof SqlLabError) {
    return { status: error.status, message: error.message, fields: null };
  }
  return null;
}

/** The work's value, or its refusal's message for the page (a database that cannot be reached still leaves the page usable). */
async function orMessage<T>(work: () => Promise<T>): Promise<{ value: T | null; error: string | null }> {
  try {
    return { value: await work(), error: null };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { value: null, error: refusal.message };
  }
}

/**
 * The schema's tables that have a physical dataset already (Superset's add page says so before
 * anyone tries): `schema` when it names this schema (a second one is refused), `default` when its
 * dataset names no schema, which on most engines means the same table in the default one.
 */
async function datasetsOf(user: CurrentUser, database: number, schema: string): Promise<Map<string, 'schema' | 'default'>> {
  const found = await listResource(user, datasetResource, {
    page: 0, page_size: MAX_PAGE_SIZE, select_columns: ['table_name', 'schema'], keys: ['none'],
    filters: [{ col: 'database', opr: 'rel_o_m', value: database }, { col: 'sql', opr: 'dataset_is_null_or_empty', value: true }],
  });
  const taken = new Map<string, 'schema' | 'default'>();
  for (const r of found.result) {
    const name = r.table_name as string;
    if (r.schema === schema) taken.set(name, 'schema');
    else if (!r.schema && !taken.has(name)) taken.set(name, 'default');
  }
  return taken;
}

const StepsSchema = z.object({
  database: z.coerce.number().int().positive().catch(0),
  schema: z.string().max(255).catch(''),
});

export async function loadAddDatasetPage(request: Request): Promise<AddDatasetPage> {
  const user = await requireUserWith(request, 'can_write', 'Dataset');
  const params = new URL(request.url).searchParams;
  const steps = StepsSchema.parse({ database: params.get('database') ?? undefined, schema: params.get('schema') ?? undefined });
  return pageResult(async () => {
    const databases = (await relatedResource(user, datasetResource, 'database', { filter: '', page: 0, page_size: 1000, include_ids: [] })).result
      .map((d) => ({ value: String(d.value), label: d.text }));
    const database = databases.some((d) => d.value === String(steps.database)) ? steps.database : 0;
    const schemas = database ? await orMessage(() => schemasOf(user, { id: database, force: false, upload_allowed: false })) : { value: null, error: null };
    // A schema of another database (the database was changed without JavaScript) is no choice.
    const schema = schemas.value?.includes(steps.schema) ? steps.schema : '';
    const tables = schema ? await orMessage(() => tablesOf(user, { id: database, schema_name: schema, force: false })) : { value: null, error: null };
    const taken = tables.value ? await datasetsOf(user, database, schema) : new Map<string, 'schema' | 'default'>();
    return {
      databases,
      database: database ? String(database) : '',
      schemas: schemas.value,
      schema,
      tables: tables.value?.map((t) => ({ name: t.value, type: t.type, dataset: taken.get(t.value) ?? null })) ?? null,
      error: schemas.error ?? tables.error,
    };
  });
}

const CreateSchema = z.object({
  database: z.coerce.number({ error: 'Choose a database.' }).int().positive('Choose a database.'),
  schema: z.string().max(255),
  table_name: z.string().min(1, 'Choose a table.').max(250),
});

export type AddDatasetResult = { error: string };

export async function addDatasetAction(request: Request) {
  const user = await requireUserWith(request, 'can_write', 'Dataset');
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent !== 'create' && intent !== 'create-explore') throw badRequest(`Unknown intent: ${typeof intent === 'string' ? intent : ''}`);
  const parsed = CreateSchema.safeParse({ database: form.get('database'), schema: form.get('schema') ?? '', table_name: form.get('table_name') ?? '' });
  if (!parsed.success) return data<AddDatasetResult>({ error: parsed.error.issues[0].message }, { status: 400 });
  const { database, schema, table_name } = parsed.data;
  return pageResult(async () => {
    try {
      const created = await createDataset(user, { database, schema: schema || null, table_name });
      const to = intent === 'create-explore' ? `/explore/?datasource_type=table&datasource_id=${created.id}` : DATASETS_PATH;
      return redirect(to, { headers: { 'Set-Cookie': await flashToasts(request, [successToast(`Dataset ${table_name} was created.`)]) } });
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return data<AddDatasetResult>({ error: refusal.message }, { status: refusal.status });
    }
  });
}
