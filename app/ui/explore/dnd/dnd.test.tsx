/**
 * The selectors, editors and dataset pane as React renders them (the page's HTML before any
 * interaction): chosen items as option rows with their icons and warnings, ghost buttons, the
 * editors' tabs and empty states, the pane's lists and missing-dataset alert.
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { filterFromColumn } from '~/lib/explore/adhoc-filter';
import { metricFromColumn } from '~/lib/explore/adhoc-metric';
import type { ControlConfig } from '~/viz/types';
import { AdhocFilterControl, ColumnsControl, MetricControl, MetricsControl, XAxisControl } from '../controls/dnd-controls';
import { DatasetPane, filterDatasetItems } from '../dataset-pane';
import type { ControlProps, ExploreColumn, ExploreDatasource } from '../types';
import { ColumnEditor } from './column-editor';
import { FilterEditor } from './filter-editor';
import { MetricEditor } from './metric-editor';

const html = (node: ReactElement) => renderToStaticMarkup(node);
const count = (text: string, part: string) => text.split(part).length - 1;

const column = (column_name: string, type: string, type_generic: number, extra: Partial<ExploreColumn> = {}): ExploreColumn => ({
  column_name,
  verbose_name: null,
  type,
  type_generic,
  is_dttm: type_generic === 2,
  groupby: true,
  filterable: true,
  expression: null,
  description: null,
  ...extra,
});

const datasource: ExploreDatasource = {
  id: 7,
  uid: '7__table',
  type: 'table',
  name: 'birth_names',
  columns: [
    column('num', 'BIGINT', 0),
    column('name', 'VARCHAR(255)', 1, { verbose_name: 'Name' }),
    column('ds', 'TIMESTAMP', 2),
    column('flag', 'BOOLEAN', 3),
    column('big', 'VARCHAR', 1, { expression: 'num > 100' }),
  ],
  metrics: [{ metric_name: 'count', verbose_name: 'COUNT(*)', expression: 'COUNT(*)', d3format: null, currency: null, description: null, warning_text: null }],
  verboseMap: {},
  owners: [],
  database: { id: 1, database_name: 'examples' },
  schema: null,
  sql: null,
  extra: {},
  canEdit: true,
};

function props(config: ControlConfig, value: unknown, ds: ExploreDatasource | null = datasource): ControlProps<unknown> {
  return {
    id: 'control-x',
    name: 'x',
    config,
    value,
    onChange: () => {},
    context: { formData: { viz_type: 'table' }, datasource: ds },
    datasource: ds,
    errors: [],
    results: null,
  };
}

describe('MetricsControl', () => {
  const config: ControlConfig = { type: 'MetricsControl', label: 'Metrics', multi: true };

  it('shows saved and adhoc metrics as rows with Remove, the function icon for adhoc ones, and the ghost', () => {
    const out = html(<MetricsControl {...props(config, ['count', metricFromColumn(datasource.columns[0])])} />);
    expect(out).toContain('role="group"');
    expect(out).toContain('aria-labelledby="control-x-label"');
    expect(out).toContain('COUNT(*)');
    expect(out).toContain('SUM(num)');
    expect(count(out, 'aria-label="Remove"')).toBe(2);
    expect(count(out, 'aria-label="Custom SQL or ad-hoc"')).toBe(1);
    expect(out).toContain('Drop a column/metric here or click');
  });

  it('warns about a metric the dataset lacks', () => {
    const out = html(<MetricsControl {...props(config, ['gone'])} />);
    expect(out).toContain('This metric might be incompatible with current dataset');
  });

  it('shows no rows for an empty value, only the ghost', () => {
    const out = html(<MetricsControl {...props(config, undefined)} />);
    expect(out).not.toContain('aria-label="Remove"');
    expect(out).toContain('Drop a column/metric here or click');
  });
});

describe('single-value selectors', () => {
  it('MetricControl hides the ghost once it has a value (a drop or the row replaces it)', () => {
    const config: ControlConfig = { type: 'MetricControl', label: 'Metric' };
    expect(html(<MetricControl {...props(config, 'count')} />)).not.toContain('Drop a column/metric here or click');
    expect(html(<MetricControl {...props(config, null)} />)).toContain('Drop a column/metric here or click');
  });

  it('XAxisControl shows its column and no reorder handle', () => {
    const out = html(<XAxisControl {...props({ type: 'XAxisControl', label: 'X-axis' }, 'ds')} />);
    expect(out).toContain('>ds<');
    expect(out).not.toContain('Drag to reorder');
    expect(out).not.toContain('Drop a column here or click');
  });
});

describe('ColumnsControl', () => {
  const config: ControlConfig = { type: 'ColumnsControl', label: 'Dimensions', multi: true };

  it('shows verbose names, the function icon for SQL and calculated columns, and drag handles', () => {
    const out = html(<ColumnsControl {...props(config, ['name', 'big', { sqlExpression: 'UPPER(name)', label: 'upper', expressionType: 'SQL' }])} />);
    expect(out).toContain('>Name<');
    expect(out).toContain('>upper<');
    expect(count(out, 'aria-label="Custom SQL or ad-hoc"')).toBe(2);
    expect(count(out, 'draggable="true"')).toBe(3);
    expect(out).toContain('Drop a column here or click');
  });

  it('warns about a column the dataset lacks', () => {
    expect(html(<ColumnsControl {...props(config, ['gone'])} />)).toContain('This column might be incompatible with current dataset');
  });
});

describe('AdhocFilterControl', () => {
  const config: ControlConfig = { type: 'AdhocFilterControl', label: 'Filters' };

  it('labels filters by their SQL and marks SQL filters', () => {
    const out = html(
      <AdhocFilterControl
        {...props(config, [
          { expressionType: 'SIMPLE', subject: 'num', operator: '>', operatorId: 'GREATER_THAN', comparator: 5, clause: 'WHERE', filterOptionName: 'a' },
          { expressionType: 'SQL', sqlExpression: 'SUM(num) > 10', clause: 'HAVING', filterOptionName: 'b' },
        ])}
      />,
    );
    expect(out).toContain('num &gt; 5');
    expect(out).toContain('SUM(num) &gt; 10');
    expect(count(out, 'aria-label="Custom SQL or ad-hoc"')).toBe(1);
    expect(out).toContain('Drop columns/metrics here or click');
  });

  it('warns about inherited filters and filters on missing columns', () => {
    const inherited = html(<AdhocFilterControl {...props(config, [{ ...filterFromColumn(datasource.columns[1]), isNew: false, isExtra: true }])} />);
    expect(inherited).toContain('This filter was inherited from the dashboard&#x27;s context and won&#x27;t be saved when saving the chart.');
    const missing = html(<AdhocFilterControl {...props(config, [{ expressionType: 'SIMPLE', subject: 'gone', operator: 'IS NULL', clause: 'WHERE' }])} />);
    expect(missing).toContain('This filter might be incompatible with current dataset');
  });
});

describe('MetricEditor', () => {
  const noop = () => {};

  it('opens a new metric on Saved when the dataset has saved metrics, with Save disabled', () => {
    const out = html(<MetricEditor value={null} isNew datasource={datasource} onSave={noop} onClose={noop} />);
    expect(out).toMatch(/aria-selected="true"[^>]*>Saved</);
    expect(out).toContain('My metric');
    expect(out).toContain('Saved metric');
    expect(out).toMatch(/<button[^>]*disabled=""[^>]*>Save<\/button>/);
  });

  it('opens a dropped column on Simple with SUM and Save enabled', () => {
    const out = html(<MetricEditor value={metricFromColumn(datasource.columns[0])} isNew datasource={datasource} onSave={noop} onClose={noop} />);
    expect(out).toMatch(/aria-selected="true"[^>]*>Simple</);
    expect(out).toContain('SUM(num)');
    expect(out).toMatch(/<option value="SUM" selected="">SUM<\/option>/);
    expect(out).not.toMatch(/<button[^>]*disabled=""[^>]*>Save<\/button>/);
  });

  it('opens a new metric on Simple when the dataset has no saved metrics', () => {
    const out = html(<MetricEditor value={null} isNew datasource={{ ...datasource, metrics: [] }} onSave={noop} onClose={noop} />);
    expect(out).toMatch(/aria-selected="true"[^>]*>Simple</);
  });

  it('opens a SQL metric on Custom SQL with its expression', () => {
    const out = html(<MetricEditor value={{ expressionType: 'SQL', sqlExpression: 'SUM(num) / 2', label: 'half', hasCustomLabel: true }} isNew={false} datasource={datasource} onSave={noop} onClose={noop} />);
    expect(out).toMatch(/aria-selected="true"[^>]*>Custom SQL</);
    expect(out).toContain('SUM(num) / 2</textarea>');
    expect(out).toContain('>half<');
    // Unchanged: nothing to save.
    expect(out).toMatch(/<button[^>]*disabled=""[^>]*>Save<\/button>/);
  });

  it('disables Simple and Custom SQL when the dataset disallows adhoc metrics', () => {
    const out = html(<MetricEditor value={null} isNew datasource={{ ...datasource, extra: { disallow_adhoc_metrics: true } }} onSave={noop} onClose={noop} />);
    expect(count(out, 'aria-disabled="true"')).toBe(2);
    expect(out).toContain('Simple ad-hoc metrics are not enabled for this dataset');
    expect(out).toContain('Custom SQL ad-hoc metrics are not enabled for this dataset');
  });
});

describe('ColumnEditor', () => {
  const noop = () => {};

  it('opens a new column on Saved when there are calculated columns, titled My column', () => {
    const out = html(<ColumnEditor value={null} isNew columns={datasource.columns} onSave={noop} onClose={noop} />);
    expect(out).toMatch(/aria-selected="true"[^>]*>Saved</);
    expect(out).toContain('My column');
  });

  it('opens on Simple without calculated columns, and an SQL column on Custom SQL', () => {
    expect(html(<ColumnEditor value={null} isNew columns={datasource.columns.slice(0, 2)} onSave={noop} onClose={noop} />)).toMatch(/aria-selected="true"[^>]*>Simple</);
    const sql = html(<ColumnEditor value={{ sqlExpression: 'UPPER(name)', label: 'upper', expressionType: 'SQL' }} isNew={false} columns={datasource.columns} onSave={noop} onClose={noop} />);
    expect(sql).toMatch(/aria-selected="true"[^>]*>Custom SQL</);
    expect(sql).toContain('UPPER(name)</textarea>');
  });
});

describe('FilterEditor', () => {
  const noop = () => {};
  const editor = (name: string) => (
    <FilterEditor value={filterFromColumn(datasource.columns.find((c) => c.column_name === name) as ExploreColumn)} isNew datasource={datasource}
      columns={datasource.columns} chartMetrics={[]} onSave={noop} onClose={noop} />
  );

  it('starts a dropped column with IN and an empty value list, so Save waits for a value', () => {
    const out = html(editor('name'));
    expect(out).toMatch(/<option value="IN" selected="">In<\/option>/);
    expect(out).toContain('Values');
    expect(out).not.toContain('TEMPORAL_RANGE');
    expect(out).toMatch(/<button[^>]*disabled=""[^>]*>Save<\/button>/);
  });

  it('offers a boolean column only the null and truth checks', () => {
    const out = html(editor('flag'));
    const options = [...out.matchAll(/<option value="([A-Z_]+)"/g)].map((m) => m[1]).filter((v) => v !== 'WHERE' && v !== 'HAVING');
    expect(options).toEqual(['IS_NOT_NULL', 'IS_NULL', 'IS_TRUE', 'IS_FALSE']);
  });

  it('starts a temporal column with a temporal range that can be saved as is', () => {
    const out = html(editor('ds'));
    expect(out).toMatch(/<option value="TEMPORAL_RANGE" selected="">/);
    expect(out).toContain('No filter');
    expect(out).not.toMatch(/<button[^>]*disabled=""[^>]*>Save<\/button>/);
  });
});

describe('DatasetPane', () => {
  const noop = () => {};

  it('shows the name, the menu, the search and draggable metrics and columns with their kinds', () => {
    const out = html(<DatasetPane datasource={datasource} menu={<button type="button">Dataset menu</button>} missingMessage={null} onSwap={noop} />);
    expect(out).toContain('birth_names');
    expect(out).toContain('Dataset menu');
    expect(out).toContain('Search Metrics &amp; Columns');
    expect(count(out, 'draggable="true"')).toBe(6);
    for (const kind of ['number', 'text', 'time', 'boolean', 'calculated']) expect(out).toContain(`>${kind}<`);
  });

  it('says when there are no saved metrics', () => {
    const out = html(<DatasetPane datasource={{ ...datasource, metrics: [] }} menu={null} missingMessage={null} onSwap={noop} />);
    expect(out).toContain('No saved metrics found');
    expect(out).toContain('Add metrics to dataset in &quot;Edit datasource&quot; modal');
  });

  it('shows the missing-dataset alert with Swap dataset', () => {
    const out = html(<DatasetPane datasource={null} menu={null} missingMessage={null} onSwap={noop} />);
    expect(out).toContain('role="alert"');
    expect(out).toContain('Missing dataset');
    expect(out).toContain('The dataset linked to this chart may have been deleted.');
    expect(out).toContain('Swap dataset');
  });

  it('search filters both lists by name and verbose name', () => {
    expect(filterDatasetItems(datasource, 'NAME')).toEqual({ metrics: [], columns: [datasource.columns[1]] });
    expect(filterDatasetItems(datasource, 'count').metrics).toHaveLength(1);
    expect(filterDatasetItems(datasource, '').columns).toHaveLength(5);
  });
});
