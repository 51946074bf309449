/**
 * The chart data request (Superset's ChartDataQueryContextSchema) as this server takes it: the
 * body Superset's own frontend posts, unchanged. Only the envelope is checked here; each query
 * object is an object whose fields the compiler (app/server/query) validates. A request that does
 * not parse is a 400 `{message: "Request is incorrect: …"}`, Superset's wording.
 */
import { z } from 'zod';
import { describeFieldErrors, fieldErrorsOf } from '~/lib/field-errors';
import { isJsonObject, JsonTextError, parseJsonText } from '~/lib/safe-json';
import { InvalidInputError } from '../domain-errors.server';
import { DATASOURCE_TYPES, RESULT_FORMATS, RESULT_TYPES, type ResultType } from '../query/types.server';

/** Superset's (marshmallow's) booleans: true/false, and their text and 1/0 as query strings carry them. */
export const Booleanish = z.union([
  z.boolean(),
  z.enum(['true', 'false', 'True', 'False', '1', '0', 'yes', 'no']).transform((v) => ['true', 'True', '1', 'yes'].includes(v)),
  z.literal(1).transform(() => true),
  z.literal(0).transform(() => false),
]);

/** A positive id, as a number or its text ("3"), as marshmallow's Integer takes it. */
export const IdSchema = z.union([z.number(), z.string().regex(/^\d{1,15}$/, 'Not a valid integer.').transform(Number)]).pipe(
  z.number({ error: 'Not a valid integer.' }).int('Not a valid integer.').positive('Must be greater than or equal to 1.').max(Number.MAX_SAFE_INTEGER),
);

export const DatasourceRefSchema = z.object({
  id: IdSchema,
  type: z.enum(DATASOURCE_TYPES, { error: `Must be one of: ${DATASOURCE_TYPES.join(', ')}.` }),
});

const JsonObject = z.record(z.string(), z.unknown());

export const ChartDataRequestSchema = z.looseObject({
  datasource: DatasourceRefSchema,
  queries: z.array(z.record(z.string(), z.unknown(), { error: 'Each query must be an object.' }), { error: 'Not a valid list.' }),
  form_data: JsonObject.nullish(),
  result_format: z.enum(RESULT_FORMATS, { error: `Must be one of: ${RESULT_FORMATS.join(', ')}.` }).default('json'),
  result_type: z.enum(RESULT_TYPES, { error: `Must be one of: ${RESULT_TYPES.join(', ')}.` }).default('full'),
  force: Booleanish.nullish().transform((v) => v === true),
  custom_cache_timeout: z.number().int().nullish(),
});
export type ChartDataRequest = z.output<typeof ChartDataRequestSchema>;

/** The query string Superset's frontend adds: `form_data={"slice_id":N,"dashboard_id":M}` and `force`. */
export const ChartDataQueryStringSchema = z.object({
  form_data: z.string().optional(),
  force: Booleanish.optional(),
});

export function incorrect(error: z.ZodError): InvalidInputError {
  return new InvalidInputError(`Request is incorrect: ${describeFieldErrors(fieldErrorsOf(error))}`);
}

/** A JSON object given as text (a query string's or a form field's `form_data`); 400 when it is not one. */
export function jsonObjectText(text: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = parseJsonText(text);
  } catch (error) {
    if (error instanceof JsonTextError) throw new InvalidInputError(`${what} is not valid JSON: ${error.message}`);
    throw error;
  }
  if (!isJsonObject(value)) throw new InvalidInputError(`${what} must be a JSON object.`);
  return value;
}

export function parseChartDataRequest(value: unknown): ChartDataRequest {
  if (!isJsonObject(value)) throw new InvalidInputError('Request is not JSON');
  const parsed = ChartDataRequestSchema.safeParse(value);
  if (!parsed.success) throw incorrect(parsed.error);
  return parsed.data;
}

/** A query object's own `result_type` wins over the request's, as in Superset. */
export function resultTypeOf(query: Record<string, unknown>, request: ResultType): ResultType {
  const own = query.result_type;
  return typeof own === 'string' && (RESULT_TYPES as readonly string[]).includes(own) ? (own as ResultType) : request;
}

/** A form data's positive integer field (`slice_id`), given as a number or its text. */
export function formDataId(formData: Record<string, unknown> | null | undefined, key: string): number | null {
  const parsed = IdSchema.safeParse(formData?.[key]);
  return parsed.success ? parsed.data : null;
}
