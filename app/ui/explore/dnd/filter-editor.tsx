/**
 * The adhoc filter editor (Superset's AdhocFilterEditPopover): tabs Simple and Custom SQL, Close
 * and Save. Simple: a subject (the filterable columns; the metrics too for a HAVING filter), an
 * operator from those that apply to it (IN by default; a new subject resets one that does not
 * apply), and a value: a list filled from the column's distinct values for IN / NOT IN, a text
 * otherwise, none for the checks. Custom SQL: the clause and the expression. Save is enabled only
 * for a valid filter that differs from what was there.
 */
import { useId, useMemo, useState } from 'react';
import {
  MULTI_OPERATORS,
  NO_TIME_RANGE,
  NO_VALUE_OPERATORS,
  OPERATORS,
  coerceComparatorValue,
  filterToSql,
  finaliseFilter,
  isValidAdhocFilter,
  operatorAfterSubjectChange,
  operatorIdOf,
  operatorsFor,
  sameFilter,
  simpleFilterSql,
  subjectLabel,
  withOperator,
  type AdhocFilterValue,
  type FilterClause,
  type OperatorId,
} from '~/lib/explore/adhoc-filter';
import { adhocMetricLabel, metricSql, type QueryMetric } from '~/lib/explore/adhoc-metric';
import { Button } from '~/ui/primitives/button';
import { Input, TextArea } from '~/ui/primitives/input';
import { Select } from '~/ui/primitives/select';
import { TIME_RANGE_DIALOG_TITLE, TimeRangeEditor } from '../popovers/date-filter-control';
import type { ExploreColumn, ExploreDatasource } from '../types';
import { SubjectCombobox, ValuesCombobox, type SubjectOption } from './comboboxes';
import { EditorFooter } from './editor-footer';
import { EditorTabs } from './editor-tabs';
import { useColumnValues } from './use-column-values';

export const NO_SUCH_COLUMN = 'No such column found. To filter on a metric, try the Custom SQL tab.';

export type FilterEditorProps = {
  value: AdhocFilterValue;
  isNew: boolean;
  datasource: ExploreDatasource | null;
  /** The columns the filter may use (the control's choices). */
  columns: ExploreColumn[];
  /** The chart's metrics, offered as subjects of a HAVING filter beside the saved ones. */
  chartMetrics: QueryMetric[];
  onSave: (filter: AdhocFilterValue) => void;
  onClose: () => void;
};

type Tab = 'SIMPLE' | 'SQL';

export function FilterEditor({ value, isNew, datasource, columns, chartMetrics, onSave, onClose }: FilterEditorProps) {
  const id = useId();
  const [draft, setDraft] = useState<AdhocFilterValue>(value);
  const [tab, setTab] = useState<Tab>(value.expressionType);
  const [editingRange, setEditingRange] = useState(false);
  const savedMetrics = useMemo(() => datasource?.metrics ?? [], [datasource]);

  // Metric subjects by the name the filter stores, with the SQL a HAVING filter on them reads.
  const metricSqlByName = useMemo(() => {
    const map = new Map<string, string>();
    for (const m of savedMetrics) map.set(m.metric_name, metricSql(m.metric_name, savedMetrics));
    for (const m of chartMetrics) if (typeof m === 'object') map.set(adhocMetricLabel(m), metricSql(m, savedMetrics));
    return map;
  }, [chartMetrics, savedMetrics]);

  const subject = subjectLabel(draft.subject);
  const column = draft.clause === 'WHERE' ? columns.find((c) => c.column_name === subject) ?? datasource?.columns.find((c) => c.column_name === subject) ?? null : null;
  const operator = operatorIdOf(draft);
  const operators = operatorsFor({ column, clause: draft.clause });
  const { values: columnValues, loading } = useColumnValues(datasource, column && draft.expressionType === 'SIMPLE' ? column.column_name : null);

  const subjectOptions: SubjectOption[] = [
    ...columns.map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name, group: 'Columns' as const })),
    ...(draft.clause === 'HAVING' ? [...metricSqlByName.keys()].map((name) => ({ value: name, label: name, group: 'Metrics' as const })) : []),
  ];

  const valid = isValidAdhocFilter(draft);
  const canSave = valid && (isNew || !sameFilter(draft, value));

  const editSimple = (next: AdhocFilterValue) => setDraft({ ...next, expressionType: 'SIMPLE' });

  const onSubject = (option: SubjectOption) => {
    const clause: FilterClause = option.group === 'Metrics' ? 'HAVING' : 'WHERE';
    const nextColumn = clause === 'WHERE' ? columns.find((c) => c.column_name === option.value) ?? null : null;
    const nextOperator = operatorAfterSubjectChange(operator, { column: nextColumn, clause });
    editSimple(withOperator({ ...draft, subject: option.value, clause }, nextOperator));
  };

  const comparatorField = () => {
    if (!operator || NO_VALUE_OPERATORS.has(operator)) return null;
    if (MULTI_OPERATORS.has(operator)) {
      return (
        <ValuesCombobox
          id={`${id}-values`}
          label="Values"
          values={Array.isArray(draft.comparator) ? draft.comparator : []}
          options={columnValues}
          loading={loading}
          onChange={(comparator) => editSimple({ ...draft, comparator })}
          toValue={(text) => coerceComparatorValue(text, column)}
        />
      );
    }
    if (operator === 'TEMPORAL_RANGE') {
      const range = typeof draft.comparator === 'string' && draft.comparator ? draft.comparator : NO_TIME_RANGE;
      // The date filter control's editor, inline (a modal inside this popover would close it):
      // Last / Previous / Custom / Advanced / No filter, the actual range, CANCEL and APPLY.
      return editingRange ? (
        <section aria-label={TIME_RANGE_DIALOG_TITLE} className="rounded-md border border-slate-200 p-2 dark:border-slate-700">
          <TimeRangeEditor
            initial={range}
            onCancel={() => setEditingRange(false)}
            onApply={(next) => {
              setEditingRange(false);
              editSimple({ ...draft, comparator: next });
            }}
          />
        </section>
      ) : (
        <div>
          <p className="text-sm font-medium">Time range</p>
          <Button type="button" size="sm" className="mt-1 w-full justify-start truncate" onClick={() => setEditingRange(true)} aria-label={`Time range: ${range}. ${TIME_RANGE_DIALOG_TITLE}`}>
            {range}
          </Button>
        </div>
      );
    }
    const listId = `${id}-suggestions`;
    return (
      <>
        <Input label="Value" list={listId} value={draft.comparator === null || draft.comparator === undefined ? '' : String(draft.comparator)}
          onChange={(e) => editSimple({ ...draft, comparator: e.target.value === '' ? '' : coerceComparatorValue(e.target.value, column) })} />
        <datalist id={listId}>
          {columnValues.slice(0, 200).map((v) => (
            <option key={String(v)} value={String(v)} />
          ))}
        </datalist>
      </>
    );
  };

  const simpleTab = (
    <>
      <SubjectCombobox id={`${id}-subject`} label="Column" value={subject || null} options={subjectOptions} onChange={onSubject} notFound={NO_SUCH_COLUMN} />
      <Select label="Operator" value={operator ?? ''} onChange={(e) => editSimple(withOperator(draft, e.target.value as OperatorId))}>
        {operator && !operators.includes(operator) && <option value={operator}>{OPERATORS[operator].display}</option>}
        {operators.map((op) => (
          <option key={op} value={op}>
            {OPERATORS[op].display}
          </option>
        ))}
      </Select>
      {comparatorField()}
    </>
  );

  // The SQL tab starts from the simple filter's SQL, as Superset's editor does.
  const sqlText =
    draft.expressionType === 'SQL'
      ? draft.sqlExpression ?? ''
      : !isValidAdhocFilter(draft)
        ? ''
        : draft.clause === 'HAVING'
          ? simpleFilterSql(draft, metricSqlByName.get(subject) ?? subject)
          : filterToSql(draft);
  const sqlTab = (
    <>
      <Select label="Clause" value={draft.clause} onChange={(e) => setDraft({ ...draft, expressionType: 'SQL', sqlExpression: sqlText, clause: e.target.value as FilterClause })}>
        <option value="WHERE">WHERE</option>
        <option value="HAVING">HAVING</option>
      </Select>
      <TextArea label="Custom SQL" rows={4} controlClassName="font-mono" value={sqlText}
        onChange={(e) => setDraft({ ...draft, expressionType: 'SQL', sqlExpression: e.target.value })} />
    </>
  );

  return (
    <div>
      <EditorTabs<Tab>
        label="Filter type"
        idPrefix={id}
        selected={tab}
        onSelect={setTab}
        tabs={[
          { key: 'SIMPLE', title: 'Simple', body: simpleTab },
          { key: 'SQL', title: 'Custom SQL', body: sqlTab },
        ]}
      />
      <EditorFooter canSave={canSave} onClose={onClose} onSave={() => onSave(finaliseFilter(draft, (name) => metricSqlByName.get(name) ?? null))} />
    </div>
  );
}
