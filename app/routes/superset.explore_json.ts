/**
 * `/superset/explore_json/`: Superset's legacy chart data endpoint. The form data comes in the
 * query string's `form_data` (GET, the client-cache style) or a form's `form_data` field (POST),
 * the query string's overriding the body's as Superset merges them; `?csv=true`, `xlsx`,
 * `query`, `results` or `samples` choose the answer, `force=true` skips the cache. Needs
 * can_read on Chart, access to the dataset, and can_csv for files.
 */
import { z } from 'zod';
import { describeFieldErrors, fieldErrorsOf } from '~/lib/field-errors';
import { isJsonObject } from '~/lib/safe-json';
import { requirePermission } from '~/server/auth/current-user.server';
import { endpoint, method } from '~/server/api/endpoint.server';
import { readFields, type InputReader } from '~/server/api/inputs.server';
import { exploreJson, LEGACY_RESPONSE_TYPES, type LegacyResponseType } from '~/server/chart-data/explore-json.server';
import { jsonObjectText } from '~/server/chart-data/request.server';
import { InvalidInputError } from '~/server/domain-errors.server';
import { chartDataReply } from './api.v1.chart.data/reply.server';

const Query = z.looseObject({ form_data: z.string().optional(), slice_id: z.string().regex(/^\d{1,15}$/, 'Not a valid integer.').optional() });

interface LegacyQuery {
  formData: Record<string, unknown>;
  responseType: LegacyResponseType;
  force: boolean;
}

const legacyQuery: InputReader<LegacyQuery> = {
  read(request) {
    const args = new URL(request.url).searchParams;
    const parsed = Query.safeParse(Object.fromEntries(args));
    if (!parsed.success) throw new InvalidInputError(describeFieldErrors(fieldErrorsOf(parsed.error)));
    const raw = parsed.data;
    const formData = raw.form_data ? jsonObjectText(raw.form_data, 'form_data') : {};
    if (raw.slice_id && formData.slice_id === undefined) formData.slice_id = Number(raw.slice_id);
    return {
      formData,
      responseType: LEGACY_RESPONSE_TYPES.find((t) => args.get(t) === 'true') ?? 'json',
      force: args.get('force') === 'true',
    };
  },
};

/** A form's `form_data` field (JSON text) or a JSON body's `form_data` object; {} without one. */
const legacyBody: InputReader<Promise<Record<string, unknown>>> = {
  async read(request) {
    const value = (await readFields(request, { decodeJson: true })).form_data;
    if (value === undefined) return {};
    if (!isJsonObject(value)) throw new InvalidInputError('form_data must be a JSON object.');
    return value;
  },
};

const allow = (user: Parameters<typeof requirePermission>[0]) => requirePermission(user, 'can_read', 'Chart');

const api = endpoint({
  GET: method({
    allow,
    query: legacyQuery,
    run: (user, { query, signal }) => exploreJson(user, { ...query, signal }),
    reply: chartDataReply,
  }),
  POST: method({
    allow,
    query: legacyQuery,
    body: legacyBody,
    run: (user, { query, body, signal }) => exploreJson(user, { ...query, formData: { ...body, ...query.formData }, signal }),
    reply: chartDataReply,
  }),
});

export const loader = api.loader;
export const action = api.action;
