/**
 * Adhoc filters as the Explore filter editor makes them (Superset's AdhocFilter and its simple
 * tab): the operators and which apply to a column (spec section 5), validity, the comparator each
 * operator takes, the SQL a filter reads as ('num > 5', the option row's label), and the filters a
 * drop starts from. Shapes are form data's: {expressionType, subject, operator, operatorId,
 * comparator, clause, sqlExpression, isExtra, filterOptionName}.
 */
import { newOptionName, truncateLabel, type ColumnInfo } from './adhoc-metric';

export const OPERATOR_IDS = [
  'EQUALS',
  'NOT_EQUALS',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'IN',
  'NOT_IN',
  'LIKE',
  'ILIKE',
  'IS_NOT_NULL',
  'IS_NULL',
  'LATEST_PARTITION',
  'IS_TRUE',
  'IS_FALSE',
  'TEMPORAL_RANGE',
] as const;
export type OperatorId = (typeof OPERATOR_IDS)[number];

/** Each operator's name in the editor and the `operator` it writes into form data (Superset's). */
export const OPERATORS: Readonly<Record<OperatorId, { display: string; operation: string }>> = {
  EQUALS: { display: 'Equal to (=)', operation: '==' },
  NOT_EQUALS: { display: 'Not equal to (≠)', operation: '!=' },
  LESS_THAN: { display: 'Less than (<)', operation: '<' },
  LESS_THAN_OR_EQUAL: { display: 'Less or equal (<=)', operation: '<=' },
  GREATER_THAN: { display: 'Greater than (>)', operation: '>' },
  GREATER_THAN_OR_EQUAL: { display: 'Greater or equal (>=)', operation: '>=' },
  IN: { display: 'In', operation: 'IN' },
  NOT_IN: { display: 'Not in', operation: 'NOT IN' },
  LIKE: { display: 'Like', operation: 'LIKE' },
  ILIKE: { display: 'Like (case insensitive)', operation: 'ILIKE' },
  IS_NOT_NULL: { display: 'Is not null', operation: 'IS NOT NULL' },
  IS_NULL: { display: 'Is null', operation: 'IS NULL' },
  LATEST_PARTITION: { display: 'use latest_partition template', operation: 'LATEST PARTITION' },
  // Superset writes true/false checks as '==' with a boolean comparator; operatorId tells them apart.
  IS_TRUE: { display: 'Is true', operation: '==' },
  IS_FALSE: { display: 'Is false', operation: '==' },
  TEMPORAL_RANGE: { display: 'TEMPORAL_RANGE', operation: 'TEMPORAL_RANGE' },
};

export const MULTI_OPERATORS: ReadonlySet<OperatorId> = new Set(['IN', 'NOT_IN']);
export const NULL_CHECK_OPERATORS: ReadonlySet<OperatorId> = new Set(['IS_NULL', 'IS_NOT_NULL']);
export const TRUTH_CHECK_OPERATORS: ReadonlySet<OperatorId> = new Set(['IS_TRUE', 'IS_FALSE']);
/** Operators without a value: the comparator input is not shown. */
export const NO_VALUE_OPERATORS: ReadonlySet<OperatorId> = new Set(['IS_NULL', 'IS_NOT_NULL', 'LATEST_PARTITION', 'IS_TRUE', 'IS_FALSE']);
/** The limited set a metric-based (HAVING) filter offers. */
export const HAVING_OPERATORS: readonly OperatorId[] = ['EQUALS', 'NOT_EQUALS', 'LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL'];

/** Superset's NO_TIME_RANGE: a temporal range filter's value before one is chosen. */
export const NO_TIME_RANGE = 'No filter';

export type FilterClause = 'WHERE' | 'HAVING';
export type FilterSubject = string | { label?: string; sqlExpression: string; expressionType?: 'SQL' };

export interface AdhocFilterValue {
  expressionType: 'SIMPLE' | 'SQL';
  clause: FilterClause;
  subject?: FilterSubject | null;
  operator?: string | null;
  operatorId?: string | null;
  comparator?: unknown;
  sqlExpression?: string | null;
  isExtra?: boolean;
  isNew?: boolean;
  datasourceWarning?: boolean;
  filterOptionName?: string;
  [key: string]: unknown;
}

const OPERATION_TO_ID: Readonly<Record<string, OperatorId>> = {
  '==': 'EQUALS',
  '!=': 'NOT_EQUALS',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL',
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL',
  IN: 'IN',
  'NOT IN': 'NOT_IN',
  LIKE: 'LIKE',
  ILIKE: 'ILIKE',
  'IS NOT NULL': 'IS_NOT_NULL',
  'IS NULL': 'IS_NULL',
  'LATEST PARTITION': 'LATEST_PARTITION',
  'IS TRUE': 'IS_TRUE',
  'IS FALSE': 'IS_FALSE',
  TEMPORAL_RANGE: 'TEMPORAL_RANGE',
};

export function isOperatorId(value: unknown): value is OperatorId {
  return typeof value === 'string' && (OPERATOR_IDS as readonly string[]).includes(value);
}

/** A filter's operator id: its own, else read from the operator (filters saved before operatorId existed). */
export function operatorIdOf(filter: Pick<AdhocFilterValue, 'operator' | 'operatorId' | 'comparator'>): OperatorId | null {
  if (isOperatorId(filter.operatorId)) return filter.operatorId;
  const operator = typeof filter.operator === 'string' ? filter.operator.toUpperCase() : '';
  const id = OPERATION_TO_ID[operator];
  if (id === 'EQUALS' && typeof filter.comparator === 'boolean') return filter.comparator ? 'IS_TRUE' : 'IS_FALSE';
  return id ?? null;
}

export function subjectLabel(subject: FilterSubject | null | undefined): string {
  if (!subject) return '';
  if (typeof subject === 'string') return subject;
  return subject.label || subject.sqlExpression;
}

const INTEGER_TYPE = /^(TINYINT|SMALLINT|INT|INTEGER|BIGINT|LONG|INT2|INT4|INT8|SERIAL|BIGSERIAL)\b/i;
const BOOLEAN_TYPE = /^(BOOL|BOOLEAN)\b/i;

export function isBooleanColumn(column: ColumnInfo): boolean {
  return column.type_generic === 3 || BOOLEAN_TYPE.test(column.type ?? '');
}

export function isTemporalColumn(column: ColumnInfo): boolean {
  return column.type_generic === 2 || !!column.is_dttm;
}

function isIntegerColumn(column: ColumnInfo): boolean {
  return INTEGER_TYPE.test(column.type ?? '');
}

/**
 * Whether an operator applies to a subject (spec section 5): IS TRUE / IS FALSE only for boolean,
 * integer or expression columns; a boolean column otherwise only IS NULL / IS NOT NULL; the
 * temporal range only for temporal columns; latest partition never here (Sightline has no
 * partitioned engines); a metric-based HAVING filter only the comparisons.
 */
export function isOperatorRelevant(operator: OperatorId, subject: { column: ColumnInfo | null; clause: FilterClause }): boolean {
  const { column, clause } = subject;
  if (clause === 'HAVING') return HAVING_OPERATORS.includes(operator);
  if (operator === 'LATEST_PARTITION') return false;
  if (TRUTH_CHECK_OPERATORS.has(operator)) return !!column && (isBooleanColumn(column) || isIntegerColumn(column) || !!column.expression);
  if (operator === 'TEMPORAL_RANGE') return !!column && isTemporalColumn(column);
  if (column && isBooleanColumn(column)) return NULL_CHECK_OPERATORS.has(operator);
  return true;
}

export function operatorsFor(subject: { column: ColumnInfo | null; clause: FilterClause }): OperatorId[] {
  return OPERATOR_IDS.filter((operator) => isOperatorRelevant(operator, subject));
}

/**
 * The operator a newly chosen column keeps: the current one if it applies, else IN (spec section 4),
 * else the first that applies (a boolean column takes no IN).
 */
export function operatorAfterSubjectChange(current: OperatorId | null, subject: { column: ColumnInfo | null; clause: FilterClause }): OperatorId {
  if (current && isOperatorRelevant(current, subject)) return current;
  if (isOperatorRelevant('IN', subject)) return 'IN';
  return operatorsFor(subject)[0] ?? 'IN';
}

/**
 * The comparator an operator takes, from the one there was: IN and NOT IN a list (a single value
 * becomes a one-item list), IS TRUE / IS FALSE a boolean, null checks none, the temporal range a
 * range text ('No filter' by default), the others one value (a list's first).
 */
export function normaliseComparator(operator: OperatorId, comparator: unknown): unknown {
  if (MULTI_OPERATORS.has(operator)) {
    if (Array.isArray(comparator)) return comparator;
    return [comparator].filter((value) => value !== null && value !== undefined && value !== '');
  }
  if (operator === 'IS_TRUE') return true;
  if (operator === 'IS_FALSE') return false;
  if (NULL_CHECK_OPERATORS.has(operator) || operator === 'LATEST_PARTITION') return undefined;
  if (operator === 'TEMPORAL_RANGE') return typeof comparator === 'string' && comparator ? comparator : NO_TIME_RANGE;
  const single = Array.isArray(comparator) ? comparator[0] : comparator;
  return typeof single === 'boolean' ? undefined : single;
}

/** The filter with a new operator: operatorId, operator and a comparator it takes. */
export function withOperator(filter: AdhocFilterValue, operator: OperatorId): AdhocFilterValue {
  return { ...filter, operatorId: operator, operator: OPERATORS[operator].operation, comparator: normaliseComparator(operator, filter.comparator) };
}

const isEmptyComparator = (comparator: unknown) =>
  Array.isArray(comparator) ? comparator.length === 0 : comparator === null || comparator === undefined || comparator === '';

/**
 * Validity (spec section 5): SQL needs an expression and a clause; null checks an operator and a
 * subject; true/false checks a subject and a comparator; the rest an operator, a subject, a clause
 * and a comparator that is not empty (a list with an item).
 */
export function isValidAdhocFilter(filter: AdhocFilterValue | null | undefined): boolean {
  if (!filter) return false;
  if (filter.expressionType === 'SQL') return !!(filter.sqlExpression?.trim() && filter.clause);
  if (filter.expressionType !== 'SIMPLE') return false;
  const operator = operatorIdOf(filter);
  const subject = subjectLabel(filter.subject);
  if (operator && NULL_CHECK_OPERATORS.has(operator)) return !!(filter.operator && subject);
  if (operator && TRUTH_CHECK_OPERATORS.has(operator)) return !!subject && filter.comparator !== null && filter.comparator !== undefined;
  return !!(filter.operator && subject && filter.clause) && !isEmptyComparator(filter.comparator);
}

const OPERATORS_TO_SQL: Readonly<Partial<Record<OperatorId, string>>> = {
  EQUALS: '=',
  NOT_EQUALS: '<>',
  LESS_THAN: '<',
  LESS_THAN_OR_EQUAL: '<=',
  GREATER_THAN: '>',
  GREATER_THAN_OR_EQUAL: '>=',
  IN: 'IN',
  NOT_IN: 'NOT IN',
  LIKE: 'LIKE',
  ILIKE: 'ILIKE',
  IS_NOT_NULL: 'IS NOT NULL',
  IS_NULL: 'IS NULL',
  IS_TRUE: 'IS TRUE',
  IS_FALSE: 'IS FALSE',
};

/** A value as SQL text: a value that is not a number is quoted, quotes doubled. */
function sqlValue(value: unknown, quoted: boolean): string {
  const text = String(value);
  return quoted ? `'${text.replace(/'/g, "''")}'` : text;
}

/**
 * `subject operator comparator` as SQL (Superset's getSimpleSQLExpression): lists in parentheses,
 * the values quoted when the first is not a number. `subjectSql` replaces the subject (a metric's
 * expression for a HAVING filter).
 */
export function simpleFilterSql(filter: AdhocFilterValue, subjectSql?: string): string {
  const subject = subjectSql ?? subjectLabel(filter.subject);
  const operatorId = operatorIdOf(filter);
  if (!subject || !operatorId) return subject;
  if (operatorId === 'TEMPORAL_RANGE') return `${subject} (${String(filter.comparator ?? NO_TIME_RANGE)})`;
  const operator = OPERATORS_TO_SQL[operatorId] ?? OPERATORS[operatorId].operation;
  if (NO_VALUE_OPERATORS.has(operatorId)) return `${subject} ${operator}`;
  const isMulti = MULTI_OPERATORS.has(operatorId);
  const values = Array.isArray(filter.comparator) ? filter.comparator : isEmptyComparator(filter.comparator) ? [] : [filter.comparator];
  if (values.length === 0) return `${subject} ${operator}`;
  const quoted = Number.isNaN(Number(values[0])) || values[0] === '' || typeof values[0] === 'boolean';
  const list = values.map((value) => sqlValue(value, quoted)).join(', ');
  return `${subject} ${operator} ${isMulti ? `(${list})` : list}`;
}

/** The SQL a filter reads as. */
export function filterToSql(filter: AdhocFilterValue): string {
  if (filter.expressionType === 'SQL') return filter.sqlExpression ?? '';
  return simpleFilterSql(filter);
}

/** The option row's label: the filter's SQL, cut to 40 characters and an ellipsis past 42. */
export function filterLabel(filter: AdhocFilterValue): string {
  return truncateLabel(filterToSql(filter));
}

/**
 * A new filter on a column (a drop's start): IN with no values, a temporal range for a temporal
 * column, and for a boolean column (which takes no IN) the first check it offers.
 */
export function filterFromColumn(column: ColumnInfo): AdhocFilterValue {
  const operator: OperatorId = isTemporalColumn(column) ? 'TEMPORAL_RANGE' : operatorAfterSubjectChange('IN', { column, clause: 'WHERE' });
  return {
    expressionType: 'SIMPLE',
    subject: column.column_name,
    operator: OPERATORS[operator].operation,
    operatorId: operator,
    comparator: normaliseComparator(operator, []),
    clause: 'WHERE',
    isExtra: false,
    isNew: true,
    filterOptionName: newOptionName('filter'),
  };
}

/** A new, empty simple filter (the selector's "click" path): IN on no column yet. */
export function emptyFilter(): AdhocFilterValue {
  return {
    expressionType: 'SIMPLE',
    subject: null,
    operator: 'IN',
    operatorId: 'IN',
    comparator: [],
    clause: 'WHERE',
    isExtra: false,
    isNew: true,
    filterOptionName: newOptionName('filter'),
  };
}

/** A metric dropped on the filter selector: a HAVING filter `<metric SQL> > 0` in SQL (Superset's). */
export function filterFromMetricSql(metricSql: string): AdhocFilterValue {
  return {
    expressionType: 'SQL',
    subject: metricSql,
    operator: '>',
    operatorId: 'GREATER_THAN',
    comparator: 0,
    clause: 'HAVING',
    sqlExpression: `${metricSql} > 0`,
    isExtra: false,
    isNew: true,
    filterOptionName: newOptionName('filter'),
  };
}

/**
 * The filter as the editor saves it. A simple filter on a metric (HAVING) is written as SQL with
 * the metric's expression, since query building applies simple filters to WHERE only; the new
 * flag goes; the comparator is the one the operator takes.
 */
export function finaliseFilter(filter: AdhocFilterValue, metricSqlFor: (subject: string) => string | null): AdhocFilterValue {
  const { isNew: _isNew, ...rest } = filter;
  const next: AdhocFilterValue = { ...rest, filterOptionName: filter.filterOptionName || newOptionName('filter') };
  if (next.expressionType === 'SQL') return { ...next, sqlExpression: next.sqlExpression?.trim() ?? '' };
  const operator = operatorIdOf(next);
  if (operator) Object.assign(next, { operatorId: operator, operator: OPERATORS[operator].operation, comparator: normaliseComparator(operator, next.comparator) });
  if (next.clause === 'HAVING') {
    const subject = subjectLabel(next.subject);
    const sql = metricSqlFor(subject) ?? subject;
    return { ...next, expressionType: 'SQL', sqlExpression: simpleFilterSql(next, sql) };
  }
  return { ...next, sqlExpression: null };
}

/** Whether two filters are the same (the editor's "changed" test): the fields the editor edits. */
export function sameFilter(a: AdhocFilterValue, b: AdhocFilterValue): boolean {
  const pick = (f: AdhocFilterValue) =>
    JSON.stringify([f.expressionType, f.clause, subjectLabel(f.subject), operatorIdOf(f), f.comparator ?? null, f.expressionType === 'SQL' ? f.sqlExpression ?? '' : null]);
  return pick(a) === pick(b);
}

/**
 * Whether a simple filter's column is missing from the dataset: the option row's 'This filter
 * might be incompatible with current dataset'. HAVING and SQL filters are not checked.
 */
export function isFilterIncompatible(filter: AdhocFilterValue, columns: readonly ColumnInfo[]): boolean {
  if (filter.expressionType !== 'SIMPLE' || filter.clause !== 'WHERE') return false;
  const subject = filter.subject;
  if (typeof subject !== 'string' || !subject) return false;
  return !columns.some((c) => c.column_name === subject);
}

/** A value typed for a numeric column is a number when it reads as one; other text stays text. */
export function coerceComparatorValue(text: string, column: ColumnInfo | null): string | number {
  if (column?.type_generic === 0 && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  return text;
}
