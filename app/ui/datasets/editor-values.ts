/**
 * The dataset editor's form, as values both sides share: read from the stored dataset (the
 * loader), from a posted form (the action, and the page re-rendered with what was typed), and
 * turned into the body of Superset's `PUT /api/v1/dataset/{id}` (DatasetUpdateSchema in
 * app/lib/dataset-inputs.ts, which the server checks). Field names are the body's paths
 * (`columns.3.verbose_name`), so the server's field errors land under their inputs; rows the
 * body leaves out (removed, blank) are mapped back by index. Pure: no DOM, no server.
 */

export type ColumnValues = {
  /** A stored column's id; null for a new calculated column. */
  id: number | null;
  column_name: string;
  verbose_name: string;
  type: string;
  is_dttm: boolean;
  python_date_format: string;
  filterable: boolean;
  groupby: boolean;
  description: string;
  advanced_data_type: string;
  is_active: boolean;
  /** Set: a calculated column (its SQL expression). */
  expression: string;
  /** The stored JSON text, sent back as it was. */
  extra: string;
  calculated: boolean;
  remove: boolean;
};

export type MetricValues = {
  id: number | null;
  metric_name: string;
  verbose_name: string;
  metric_type: string;
  expression: string;
  description: string;
  d3format: string;
  currency_symbol: string;
  currency_position: 'prefix' | 'suffix';
  warning_text: string;
  certified_by: string;
  certification_details: string;
  /** The stored JSON text: its keys besides the certification survive a save. */
  extra: string;
  remove: boolean;
};

export type EditorValues = {
  kind: 'physical' | 'virtual';
  table_name: string;
  schema: string;
  sql: string;
  template_params: string;
  description: string;
  main_dttm_col: string;
  cache_timeout: string;
  offset: string;
  default_endpoint: string;
  fetch_values_predicate: string;
  filter_select_enabled: boolean;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  warning_markdown: string;
  disallow_adhoc_metrics: boolean;
  certified_by: string;
  certification_details: string;
  extra: string;
  external_url: string;
  owners: number[];
  columns: ColumnValues[];
  metrics: MetricValues[];
};

/** What the loader reads the values from: the stored dataset as `GET /api/v1/dataset/{id}` shows it. */
export type StoredDataset = {
  table_name: string;
  schema: string | null;
  sql: string | null;
  template_params: string | null;
  description: string | null;
  main_dttm_col: string | null;
  cache_timeout: number | null;
  offset: number;
  default_endpoint: string | null;
  fetch_values_predicate: string | null;
  filter_select_enabled: boolean;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  extra: string | null;
  external_url: string | null;
  owners: { id: number }[];
  columns: {
    id: number; column_name: string; verbose_name: string | null; type: string | null; is_dttm: boolean; python_date_format: string | null;
    filterable: boolean; groupby: boolean; description: string | null; advanced_data_type: string | null; is_active: boolean;
    expression: string | null; extra: string | null;
  }[];
  metrics: {
    id: number; metric_name: string; verbose_name: string | null; metric_type: string | null; expression: string; description: string | null;
    d3format: string | null; currency: { symbol: string; symbolPosition: string } | null; warning_text: string | null; extra: string | null;
  }[];
};

type Json = Record<string, unknown>;

function jsonObject(text: string | null | undefined): Json {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
  } catch {
    return {};
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function certificationOf(extra: Json): { certified_by: string; certification_details: string } {
  const c = extra.certification && typeof extra.certification === 'object' ? (extra.certification as Json) : {};
  return { certified_by: str(c.certified_by), certification_details: str(c.details) };
}

export function blankColumn(): ColumnValues {
  return {
    id: null, column_name: '', verbose_name: '', type: '', is_dttm: false, python_date_format: '', filterable: true, groupby: true,
    description: '', advanced_data_type: '', is_active: true, expression: '', extra: '', calculated: true, remove: false,
  };
}

export function blankMetric(): MetricValues {
  return {
    id: null, metric_name: '', verbose_name: '', metric_type: '', expression: '', description: '', d3format: '', currency_symbol: '',
    currency_position: 'prefix', warning_text: '', certified_by: '', certification_details: '', extra: '', remove: false,
  };
}

export function valuesFromDataset(d: StoredDataset): EditorValues {
  const extra = jsonObject(d.extra);
  return {
    kind: d.sql && d.sql.trim() ? 'virtual' : 'physical',
    table_name: d.table_name,
    schema: d.schema ?? '',
    sql: d.sql ?? '',
    template_params: d.template_params ?? '',
    description: d.description ?? '',
    main_dttm_col: d.main_dttm_col ?? '',
    cache_timeout: d.cache_timeout === null ? '' : String(d.cache_timeout),
    offset: String(d.offset ?? 0),
    default_endpoint: d.default_endpoint ?? '',
    fetch_values_predicate: d.fetch_values_predicate ?? '',
    filter_select_enabled: d.filter_select_enabled,
    normalize_columns: d.normalize_columns,
    always_filter_main_dttm: d.always_filter_main_dttm,
    warning_markdown: str(extra.warning_markdown),
    disallow_adhoc_metrics: extra.disallow_adhoc_metrics === true,
    ...certificationOf(extra),
    extra: d.extra ?? '',
    external_url: d.external_url ?? '',
    owners: d.owners.map((o) => o.id),
    columns: d.columns.map((c) => ({
      id: c.id, column_name: c.column_name, verbose_name: c.verbose_name ?? '', type: c.type ?? '', is_dttm: c.is_dttm,
      python_date_format: c.python_date_format ?? '', filterable: c.filterable, groupby: c.groupby, description: c.description ?? '',
      advanced_data_type: c.advanced_data_type ?? '', is_active: c.is_active, expression: c.expression ?? '', extra: c.extra ?? '',
      calculated: Boolean(c.expression && c.expression.trim()), remove: false,
    })),
    metrics: d.metrics.map((m) => {
      const mExtra = jsonObject(m.extra);
      return {
        id: m.id, metric_name: m.metric_name, verbose_name: m.verbose_name ?? '', metric_type: m.metric_type ?? '', expression: m.expression,
        description: m.description ?? '', d3format: m.d3format ?? '', currency_symbol: m.currency?.symbol ?? '',
        currency_position: m.currency?.symbolPosition === 'suffix' ? 'suffix' : 'prefix', warning_text: m.warning_text ?? '',
        ...certificationOf(mExtra), extra: m.extra ?? '', remove: false,
      };
    }),
  };
}

/** The read side of a posted form: text fields, checkboxes ("on" when checked) and ids. */
type Reader = { text(name: string): string; checked(name: string): boolean; names(): string[] };

function reader(form: FormData): Reader {
  return {
    text: (name) => {
      const v = form.get(name);
      return typeof v === 'string' ? v : '';
    },
    checked: (name) => form.get(name) !== null,
    names: () => [...new Set([...form.keys()])],
  };
}

const idOf = (text: string) => (/^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null);

/** The row indexes a posted form has under `prefix` (`columns.<i>.…`), in order. */
function rowIndexes(names: string[], prefix: string): number[] {
  const found = new Set<number>();
  const pattern = new RegExp(`^${prefix}\\.(\\d{1,5})\\.`);
  for (const name of names) {
    const m = pattern.exec(name);
    if (m) found.add(Number(m[1]));
  }
  return [...found].sort((a, b) => a - b);
}

export function valuesFromForm(form: FormData): EditorValues {
  const r = reader(form);
  const names = r.names();
  const kind = r.text('kind') === 'virtual' ? 'virtual' : 'physical';
  return {
    kind,
    table_name: r.text('table_name'),
    schema: r.text('schema'),
    sql: r.text('sql'),
    template_params: r.text('template_params'),
    description: r.text('description'),
    main_dttm_col: r.text('main_dttm_col'),
    cache_timeout: r.text('cache_timeout'),
    offset: r.text('offset'),
    default_endpoint: r.text('default_endpoint'),
    fetch_values_predicate: r.text('fetch_values_predicate'),
    filter_select_enabled: r.checked('filter_select_enabled'),
    normalize_columns: r.checked('normalize_columns'),
    always_filter_main_dttm: r.checked('always_filter_main_dttm'),
    warning_markdown: r.text('warning_markdown'),
    disallow_adhoc_metrics: r.checked('disallow_adhoc_metrics'),
    certified_by: r.text('certified_by'),
    certification_details: r.text('certification_details'),
    extra: r.text('extra'),
    external_url: r.text('external_url'),
    owners: form.getAll('owners').map((v) => idOf(String(v))).filter((v): v is number => v !== null),
    columns: rowIndexes(names, 'columns').map((i) => {
      const f = (k: string) => r.text(`columns.${i}.${k}`);
      const calculated = r.text(`columns.${i}.calculated`) === 'yes';
      return {
        id: idOf(f('id')), column_name: f('column_name'), verbose_name: f('verbose_name'), type: f('type'),
        is_dttm: r.checked(`columns.${i}.is_dttm`), python_date_format: f('python_date_format'), filterable: r.checked(`columns.${i}.filterable`),
        groupby: r.checked(`columns.${i}.groupby`), description: f('description'), advanced_data_type: f('advanced_data_type'),
        is_active: r.checked(`columns.${i}.is_active`), expression: calculated ? f('expression') : '', extra: f('extra'), calculated,
        remove: r.checked(`columns.${i}.remove`),
      };
    }),
    metrics: rowIndexes(names, 'metrics').map((i) => {
      const f = (k: string) => r.text(`metrics.${i}.${k}`);
      return {
        id: idOf(f('id')), metric_name: f('metric_name'), verbose_name: f('verbose_name'), metric_type: f('metric_type'), expression: f('expression'),
        description: f('description'), d3format: f('d3format'), currency_symbol: f('currency_symbol'),
        currency_position: f('currency_position') === 'suffix' ? 'suffix' : 'prefix', warning_text: f('warning_text'),
        certified_by: f('certified_by'), certification_details: f('certification_details'), extra: f('extra'), remove: r.checked(`metrics.${i}.remove`),
      };
    }),
  };
}

const orNull = (s: string) => (s.trim() ? s : null);

/** An extra's JSON with its certification (and warning) set from the form, other keys kept; null when empty. */
function extraWith(text: string, set: { certified_by: string; certification_details: string; warning_markdown?: string; disallow_adhoc_metrics?: boolean }): string | null {
  const extra = jsonObject(text);
  delete extra.certification;
  if (set.certified_by.trim() || set.certification_details.trim()) {
    extra.certification = { certified_by: set.certified_by.trim(), details: set.certification_details.trim() };
  }
  if (set.warning_markdown !== undefined) {
    if (set.warning_markdown.trim()) extra.warning_markdown = set.warning_markdown;
    else delete extra.warning_markdown;
  }
  if (set.disallow_adhoc_metrics !== undefined) {
    if (set.disallow_adhoc_metrics) extra.disallow_adhoc_metrics = true;
    else delete extra.disallow_adhoc_metrics;
  }
  return Object.keys(extra).length ? JSON.stringify(extra) : null;
}

const isBlankColumn = (c: ColumnValues) => c.id === null && !c.column_name.trim() && !c.expression.trim();
const isBlankMetric = (m: MetricValues) => m.id === null && !m.metric_name.trim() && !m.expression.trim();

/** A whole number typed in a text box: the number, or the text itself for the server to refuse with its message. */
function integerOrText(text: string): number | string | null {
  const t = text.trim();
  if (!t) return null;
  return /^-?\d{1,10}$/.test(t) ? Number(t) : t;
}

export type UpdateBody = {
  body: Record<string, unknown>;
  /** For each column of the body, the row index of the form it came from (and the same for metrics). */
  columnRows: number[];
  metricRows: number[];
};

/** The PUT body: removed and blank rows left out; the kind decides whether the SQL is kept. */
export function toUpdateBody(v: EditorValues): UpdateBody {
  const columnRows: number[] = [];
  const columns: Record<string, unknown>[] = [];
  v.columns.forEach((c, i) => {
    if (c.remove || (c.calculated && isBlankColumn(c))) return;
    columnRows.push(i);
    columns.push({
      ...(c.id !== null ? { id: c.id } : {}),
      column_name: c.column_name.trim(),
      verbose_name: orNull(c.verbose_name),
      type: orNull(c.type),
      is_dttm: c.is_dttm,
      python_date_format: orNull(c.python_date_format),
      filterable: c.filterable,
      groupby: c.groupby,
      description: orNull(c.description),
      advanced_data_type: orNull(c.advanced_data_type),
      is_active: c.is_active,
      expression: c.calculated ? c.expression : null,
      extra: orNull(c.extra),
    });
  });
  const metricRows: number[] = [];
  const metrics: Record<string, unknown>[] = [];
  v.metrics.forEach((m, i) => {
    if (m.remove || isBlankMetric(m)) return;
    metricRows.push(i);
    metrics.push({
      ...(m.id !== null ? { id: m.id } : {}),
      metric_name: m.metric_name.trim(),
      verbose_name: orNull(m.verbose_name),
      metric_type: orNull(m.metric_type),
      expression: m.expression,
      description: orNull(m.description),
      d3format: orNull(m.d3format),
      currency: m.currency_symbol.trim() ? { symbol: m.currency_symbol.trim(), symbolPosition: m.currency_position } : null,
      warning_text: orNull(m.warning_text),
      extra: extraWith(m.extra, m),
    });
  });
  const body: Record<string, unknown> = {
    table_name: v.table_name.trim(),
    schema: orNull(v.schema.trim()),
    sql: v.kind === 'virtual' ? v.sql : null,
    template_params: orNull(v.template_params),
    description: orNull(v.description),
    main_dttm_col: orNull(v.main_dttm_col),
    cache_timeout: integerOrText(v.cache_timeout),
    offset: integerOrText(v.offset) ?? 0,
    default_endpoint: orNull(v.default_endpoint),
    fetch_values_predicate: orNull(v.fetch_values_predicate),
    filter_select_enabled: v.filter_select_enabled,
    normalize_columns: v.normalize_columns,
    always_filter_main_dttm: v.always_filter_main_dttm,
    extra: extraWith(v.extra, v),
    external_url: orNull(v.external_url.trim()),
    owners: v.owners,
    columns,
    metrics,
  };
  return { body, columnRows, metricRows };
}

/** Field errors keyed by the body's paths, re-keyed by the form's (a body row back to its form row). */
export function formErrorKeys(errors: Record<string, string>, body: UpdateBody): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const m = /^(columns|metrics)\.(\d+)(\..*)?$/.exec(key);
    if (!m) {
      out[key] = message;
      continue;
    }
    const rows = m[1] === 'columns' ? body.columnRows : body.metricRows;
    const row = rows[Number(m[2])];
    out[row === undefined ? m[1] : `${m[1]}.${row}${m[3] ?? ''}`] = message;
  }
  return out;
}

/** What the browser can say before the server does: JSON and numbers typed wrong, names missing or twice. */
export function checkValues(v: EditorValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.table_name.trim()) errors.table_name = 'Name the table (or the virtual dataset).';
  if (v.kind === 'virtual' && !v.sql.trim()) errors.sql = 'A virtual dataset needs its SQL.';
  if (v.template_params.trim()) {
    try {
      const parsed: unknown = JSON.parse(v.template_params);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) errors.template_params = 'Template parameters must be a JSON object.';
    } catch {
      errors.template_params = 'Template parameters are not valid JSON.';
    }
  }
  if (v.extra.trim() && Object.keys(jsonObject(v.extra)).length === 0 && v.extra.trim() !== '{}') errors.extra = 'Extra is not a valid JSON object.';
  if (v.cache_timeout.trim() && !/^-?\d{1,10}$/.test(v.cache_timeout.trim())) errors.cache_timeout = 'The cache timeout must be a whole number of seconds.';
  if (v.offset.trim() && !/^-?\d{1,3}$/.test(v.offset.trim())) errors.offset = 'The hours offset must be a whole number.';
  const names = new Map<string, number>();
  v.columns.forEach((c, i) => {
    if (c.remove || (c.calculated && isBlankColumn(c))) return;
    if (!c.column_name.trim()) errors[`columns.${i}.column_name`] = 'Name the column.';
    else if (names.has(c.column_name.trim())) errors[`columns.${i}.column_name`] = `Another column is named ${c.column_name.trim()}.`;
    else names.set(c.column_name.trim(), i);
    if (c.calculated && !c.expression.trim()) errors[`columns.${i}.expression`] = 'A calculated column needs its SQL expression.';
  });
  const metricNames = new Set<string>();
  v.metrics.forEach((m, i) => {
    if (m.remove || isBlankMetric(m)) return;
    if (!m.metric_name.trim()) errors[`metrics.${i}.metric_name`] = 'Name the metric.';
    else if (metricNames.has(m.metric_name.trim())) errors[`metrics.${i}.metric_name`] = `Another metric is named ${m.metric_name.trim()}.`;
    else metricNames.add(m.metric_name.trim());
    if (!m.expression.trim()) errors[`metrics.${i}.expression`] = 'A metric needs an SQL expression.';
  });
  return errors;
}
