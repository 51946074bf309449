/**
 * The metric editor (Superset's AdhocMetricEditPopover): an editable title ('My metric' until the
 * metric has one), tabs Saved / Simple / Custom SQL, Close and Save. Choosing a saved metric drops
 * the adhoc parts and editing those drops the saved one; Save is enabled only when the choice is
 * valid and differs from what was there. A dataset with extra.disallow_adhoc_metrics offers only
 * its saved metrics.
 */
import { useId, useMemo, useState } from 'react';
import {
  AGGREGATES,
  DEFAULT_METRIC_TITLE,
  adhocMetricLabel,
  defaultMetricLabel,
  finaliseAdhocMetric,
  isValidAdhocMetric,
  metricColumn,
  metricDisplayLabel,
  metricEditorDefaultTab,
  metricSql,
  sameMetric,
  type AdhocMetric,
  type MetricTab,
  type QueryMetric,
} from '~/lib/explore/adhoc-metric';
import { Select } from '~/ui/primitives/select';
import { TextArea } from '~/ui/primitives/input';
import type { ExploreDatasource } from '../types';
import { EditableTitle } from './editable-title';
import { EditorFooter, EmptyState } from './editor-footer';
import { EditorTabs } from './editor-tabs';

export const SIMPLE_DISALLOWED = 'Simple ad-hoc metrics are not enabled for this dataset';
export const SQL_DISALLOWED = 'Custom SQL ad-hoc metrics are not enabled for this dataset';

export type MetricEditorProps = {
  /** The metric being edited, a drop's pre-filled draft, or null for a new one. */
  value: QueryMetric | null;
  /** A new metric (from the ghost button or a drop): any valid choice may be saved. */
  isNew: boolean;
  datasource: ExploreDatasource | null;
  onSave: (metric: QueryMetric) => void;
  onClose: () => void;
};

const EMPTY_ADHOC: AdhocMetric = { expressionType: 'SIMPLE', column: null, aggregate: null, sqlExpression: null };

export function MetricEditor({ value, isNew, datasource, onSave, onClose }: MetricEditorProps) {
  const id = useId();
  const savedMetrics = datasource?.metrics ?? [];
  const columns = datasource?.columns ?? [];
  const adhocDisallowed = !!datasource?.extra?.disallow_adhoc_metrics;
  const [savedName, setSavedName] = useState<string | null>(typeof value === 'string' ? value : null);
  const [adhoc, setAdhoc] = useState<AdhocMetric>(value && typeof value === 'object' ? value : EMPTY_ADHOC);
  const [customLabel, setCustomLabel] = useState<string>(value && typeof value === 'object' && value.hasCustomLabel ? value.label ?? '' : '');
  const [tab, setTab] = useState<MetricTab>(() =>
    adhocDisallowed ? 'SAVED' : metricEditorDefaultTab({ metric: value, isNew, savedMetricCount: savedMetrics.length }),
  );

  const result: QueryMetric | null = useMemo(() => {
    if (savedName) return savedName;
    if (!isValidAdhocMetric(adhoc)) return null;
    return finaliseAdhocMetric({ ...adhoc, label: customLabel, hasCustomLabel: !!customLabel });
  }, [adhoc, customLabel, savedName]);
  const changed = isNew || !sameMetric(result, value);
  const canSave = !!result && changed && !(adhocDisallowed && typeof result === 'object');

  const title = savedName
    ? metricDisplayLabel(savedName, savedMetrics)
    : customLabel || (isValidAdhocMetric(adhoc) ? defaultMetricLabel(adhoc) : value && typeof value === 'object' ? adhocMetricLabel(value) : DEFAULT_METRIC_TITLE);

  const editAdhoc = (next: Partial<AdhocMetric>) => {
    setSavedName(null);
    setAdhoc((current) => ({ ...current, ...next }));
  };

  const savedTab = savedMetrics.length ? (
    <Select label="Saved metric" value={savedName ?? ''} onChange={(e) => {
      setSavedName(e.target.value || null);
      // A saved metric replaces the adhoc parts (spec section 4).
      setAdhoc(EMPTY_ADHOC);
      setCustomLabel('');
    }}>
      <option value="">Select saved metrics</option>
      {savedMetrics.map((m) => (
        <option key={m.metric_name} value={m.metric_name}>
          {m.verbose_name || m.metric_name}
        </option>
      ))}
    </Select>
  ) : (
    <EmptyState
      title="No saved metrics found"
      hint={datasource?.type === 'query' ? 'Create a dataset to add metrics' : 'Add metrics to dataset in "Edit datasource" modal'}
    />
  );

  const simpleTab = (
    <>
      <Select
        label="Column"
        value={adhoc.expressionType === 'SIMPLE' || adhoc.column ? adhoc.column?.column_name ?? '' : ''}
        onChange={(e) => {
          const column = columns.find((c) => c.column_name === e.target.value);
          editAdhoc({ expressionType: 'SIMPLE', column: column ? metricColumn(column) : null });
        }}
      >
        <option value="">Select column</option>
        {columns.map((c) => (
          <option key={c.column_name} value={c.column_name}>
            {c.verbose_name || c.column_name}
          </option>
        ))}
      </Select>
      <Select label="Aggregate" value={adhoc.aggregate ?? ''} onChange={(e) => editAdhoc({ expressionType: 'SIMPLE', aggregate: e.target.value || null })}>
        <option value="">Select aggregate options</option>
        {AGGREGATES.map((aggregate) => (
          <option key={aggregate} value={aggregate}>
            {aggregate}
          </option>
        ))}
      </Select>
    </>
  );

  // The SQL tab starts from the simple metric's SQL, as Superset's editor does.
  const sqlText = adhoc.expressionType === 'SQL' ? adhoc.sqlExpression ?? '' : adhoc.column && adhoc.aggregate ? metricSql(adhoc, savedMetrics) : '';
  const sqlTab = (
    <TextArea
      label="Custom SQL"
      rows={5}
      controlClassName="font-mono"
      value={sqlText}
      onChange={(e) => editAdhoc({ expressionType: 'SQL', sqlExpression: e.target.value })}
    />
  );

  return (
    <div>
      <EditableTitle kind="metric" title={title} disabled={!!savedName} onChange={setCustomLabel} />
      <EditorTabs<MetricTab>
        label="Metric type"
        idPrefix={id}
        selected={tab}
        onSelect={setTab}
        tabs={[
          { key: 'SAVED', title: 'Saved', body: savedTab },
          { key: 'SIMPLE', title: 'Simple', body: simpleTab, disabledReason: adhocDisallowed ? SIMPLE_DISALLOWED : null },
          { key: 'SQL', title: 'Custom SQL', body: sqlTab, disabledReason: adhocDisallowed ? SQL_DISALLOWED : null },
        ]}
      />
      <EditorFooter canSave={canSave} onClose={onClose} onSave={() => result && onSave(result)} />
    </div>
  );
}
