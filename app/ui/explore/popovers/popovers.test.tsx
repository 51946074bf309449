/**
 * The popover controls as the server renders them: their buttons and lists, and the editors'
 * bodies (a popover's panel exists only once opened in a browser, so its body is rendered on its
 * own here with the draft it would start from).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OPERATORS, type FormattingRule } from '~/lib/explore/conditional-formatting';
import { Comparator, CONDITIONAL_COLORS } from '~/viz/table/conditional-formatting';
import type { ControlProps } from '../types';
import { AnnotationLayerControl, AnnotationLayerEditor } from './annotation-layer-control';
import { newLayer, supportedTypes, upsertLayer, validateLayer, withType, type AnnotationLayer } from './annotation-layer';
import { ColumnConfigControl, ColumnConfigEditor } from './column-config-control';
import { ConditionalFormattingControl, formattingColumns, FormatterEditor } from './conditional-formatting-control';
import { DateFilterControl, TimeRangeEditor } from './date-filter-control';
import { TimeSeriesColumnEditor } from './time-series-column-control';

const noop = () => {};
const html = (node: React.ReactElement) => renderToStaticMarkup(node);
const count = (text: string, part: string) => text.split(part).length - 1;

function props<V>(over: Partial<ControlProps<V>> & { vizType?: string } = {}): ControlProps<V> {
  const { vizType = 'table', ...rest } = over;
  return {
    id: 'ctl',
    name: 'ctl',
    config: { type: 'HiddenControl', label: 'Ctl' },
    value: undefined,
    onChange: noop,
    context: { formData: { viz_type: vizType }, datasource: null },
    datasource: null,
    errors: [],
    results: null,
    ...rest,
  };
}

/** The markup of the element with this text as its content, attributes included. */
const buttonWith = (out: string, text: string) => out.match(new RegExp(`<button[^>]*>${text.replace(/[()+*.?]/g, '\\$&')}</button>`))?.[0] ?? '';

describe('DateFilterControl', () => {
  it('shows the range on a button that opens the dialog, closed on the server', () => {
    const out = html(<DateFilterControl {...props<string>({ value: 'Last week' })} />);
    expect(out).toMatch(/<button[^>]*id="ctl"[^>]*aria-haspopup="dialog"[^>]*>Last week<\/button>/);
    expect(out).not.toContain('Edit time range');
    expect(html(<DateFilterControl {...props<string>()} />)).toContain('>No filter</button>');
  });
});

describe('TimeRangeEditor', () => {
  const now = new Date(2024, 2, 6, 12);

  it('opens a common range in Last with its radio checked, APPLY off until the range is evaluated', () => {
    const out = html(<TimeRangeEditor initial="Last week" onApply={noop} onCancel={noop} now={now} />);
    expect(out).toContain('RANGE TYPE');
    expect(out).toMatch(/<option value="Common" selected="">Last<\/option>/);
    expect(out).toMatch(/checked="" value="Last week"/);
    expect(out).toContain('Actual time range');
    expect(buttonWith(out, 'APPLY')).toContain('disabled=""');
    expect(buttonWith(out, 'CANCEL')).not.toContain('disabled=""');
  });

  it('enables APPLY with the evaluated range and disables it with the server’s error under the preview', () => {
    const ok = html(<TimeRangeEditor initial="Last week" onApply={noop} onCancel={noop} now={now} initialActual={{ range: 'Last week', text: '2024-02-28 ≤ col < 2024-03-06', error: null }} />);
    expect(ok).toContain('2024-02-28 ≤ col &lt; 2024-03-06');
    expect(buttonWith(ok, 'APPLY')).not.toContain('disabled=""');
    const bad = html(<TimeRangeEditor initial="nonsense : x" onApply={noop} onCancel={noop} now={now} initialActual={{ range: 'nonsense : x', text: null, error: 'Error parsing date' }} />);
    expect(bad).toMatch(/<p[^>]*role="alert"[^>]*>Error parsing date<\/p>/);
    expect(buttonWith(bad, 'APPLY')).toContain('disabled=""');
  });

  it('opens a custom range with its START and END modes and an advanced one with its two texts', () => {
    const custom = html(<TimeRangeEditor initial='DATEADD(DATETIME("now"), -3, week) : now' onApply={noop} onCancel={noop} now={now} />);
    expect(custom).toMatch(/<option value="Custom" selected="">/);
    expect(custom).toContain('START (INCLUSIVE)');
    expect(custom).toMatch(/<option value="relative" selected="">Relative Date\/Time<\/option>/);
    expect(custom).toMatch(/<input[^>]*type="number"[^>]*min="1"[^>]*value="3"/);
    expect(custom).toMatch(/<option value="week" selected="">Weeks before<\/option>/);
    expect(custom).toMatch(/<option value="now" selected="">Now<\/option>/);
    const advanced = html(<TimeRangeEditor initial="today : 2024-12-31" onApply={noop} onCancel={noop} now={now} />);
    expect(advanced).toMatch(/<option value="Advanced" selected="">/);
    expect(advanced).toMatch(/value="today"/);
    expect(advanced).toMatch(/value="2024-12-31"/);
  });
});

describe('ColumnConfigControl', () => {
  const results = (n: number) => ({ colnames: Array.from({ length: n }, (_, i) => `col${i}`), coltypes: Array.from({ length: n }, () => 0) });

  it('lists twelve columns whole', () => {
    const out = html(<ColumnConfigControl {...props({ results: results(12) })} />);
    expect(count(out, 'aria-label="col')).toBe(12);
    expect(out).not.toContain('Show all columns');
  });

  it('lists ten of thirteen with Show all columns', () => {
    const out = html(<ColumnConfigControl {...props({ results: results(13) })} />);
    expect(count(out, 'aria-label="col')).toBe(10);
    expect(out).toContain('Show all columns');
    expect(out).not.toContain('col10');
  });

  it('offers a numeric column’s settings with cell bars on by default, Save blocked by a bad width', () => {
    const column = { name: 'num', type: 0 };
    const out = html(<ColumnConfigEditor column={column} initial={{}} onSave={noop} onClose={noop} />);
    for (const label of ['Min Width', 'Show cell bars', 'Align +/-', 'Color +/-', 'D3 format', 'Small number format', 'Fraction digits', 'Currency format']) expect(out).toContain(label);
    expect(out).toMatch(/<input type="checkbox"[^>]*checked=""[^>]*\/>Show cell bars/);
    expect(buttonWith(out, 'Save')).not.toContain('disabled=""');
    const bad = html(<ColumnConfigEditor column={column} initial={{ columnWidth: 'wide' }} onSave={noop} onClose={noop} />);
    expect(bad).toContain('is expected to be a number');
    expect(buttonWith(bad, 'Save')).toContain('disabled=""');
    const text = html(<ColumnConfigEditor column={{ name: 's', type: 1 }} initial={{}} onSave={noop} onClose={noop} />);
    expect(text).toContain('Truncate Cells');
    expect(text).not.toContain('Show cell bars');
  });
});

describe('ConditionalFormattingControl', () => {
  it('saves Superset’s comparators and colour values', () => {
    expect([...OPERATORS].sort()).toEqual(Object.values(Comparator).sort());
    expect(Object.keys(CONDITIONAL_COLORS)).toEqual(['success', 'alert', 'error', 'success dark', 'alert dark', 'error dark']);
  });

  it('lists rules by their labels, each with a delete button, and the add button', () => {
    const value = [{ column: 'num', colorScheme: '#ACE1C4', operator: '>', targetValue: 10 }];
    const out = html(<ConditionalFormattingControl {...props<FormattingRule[]>({ value, results: { colnames: ['num'], coltypes: [0] } })} />);
    expect(out).toContain('aria-label="num &gt; 10"');
    expect(out).toContain('aria-label="Delete num &gt; 10"');
    expect(out).toContain('aria-label="Add new color formatter"');
  });

  it('takes the table’s numeric result columns, and other charts’ metrics', () => {
    expect(formattingColumns({ viz_type: 'table' }, { colnames: ['a', 'b'], coltypes: [1, 0] })).toEqual(['b']);
    expect(formattingColumns({ viz_type: 'pivot_table_v2', metrics: ['count', { expressionType: 'SQL', sqlExpression: 'x', label: 'X' }] }, null)).toEqual(['count', 'X']);
  });

  it('shows Required on touched fields and the between messages on both sides', () => {
    const all = { column: true, colorScheme: true, operator: true, targetValue: true, targetValueLeft: true, targetValueRight: true };
    const required = html(<FormatterEditor initial={{ column: 'num', operator: '>' }} columns={['num']} verboseMap={{}} onApply={noop} initialTouched={all} />);
    expect(required).toMatch(/role="alert"[^>]*>Required</);
    const between = html(
      <FormatterEditor initial={{ column: 'num', operator: '< x <', targetValueLeft: 10, targetValueRight: 5 }} columns={['num']} verboseMap={{}} onApply={noop} initialTouched={all} />,
    );
    expect(between).toContain('This value should be smaller than the right target value');
    expect(between).toContain('This value should be greater than the left target value');
    const untouched = html(<FormatterEditor initial={{ column: 'num', operator: '>' }} columns={['num']} verboseMap={{}} onApply={noop} />);
    expect(untouched).not.toContain('Required</p>');
  });

  it('starts a new rule on the first column, success and None', () => {
    const out = html(<FormatterEditor initial={null} columns={['num', 'other']} verboseMap={{}} onApply={noop} />);
    expect(out).toMatch(/<option value="num" selected="">num<\/option>/);
    expect(out).toMatch(/<option value="#ACE1C4" selected="">success<\/option>/);
    expect(out).toMatch(/<option value="None" selected="">None<\/option>/);
    expect(out).not.toContain('Target value');
  });
});

describe('AnnotationLayerControl', () => {
  it('lists the layers and the add button', () => {
    const value = [{ name: 'Goal', annotationType: 'FORMULA', value: '2*x+1', show: true }];
    const out = html(<AnnotationLayerControl {...props<AnnotationLayer[]>({ value, vizType: 'echarts_timeseries_line' })} />);
    expect(out).toContain('>Goal</span>');
    expect(out).toContain('aria-label="Add annotation layer"');
  });

  it('offers only the chart’s own types', () => {
    expect(supportedTypes({ canBeAnnotationTypes: ['EVENT', 'INTERVAL'] } as never)).toEqual(['EVENT', 'INTERVAL']);
    const out = html(<AnnotationLayerEditor initial={newLayer(['EVENT', 'INTERVAL'])} types={['EVENT', 'INTERVAL']} otherNames={[]} isNew onSave={noop} onRemove={noop} onCancel={noop} />);
    expect(out).toContain('>Event</option>');
    expect(out).not.toContain('>Formula</option>');
    expect(out).toContain('Annotation layer');
    expect(buttonWith(out, 'OK')).toContain('disabled=""');
  });

  it('validates name and value, a formula by parsing it', () => {
    const layer = { ...newLayer(['FORMULA']), name: 'Goal', value: '2*x+1' };
    expect(validateLayer(layer)).toEqual({});
    expect(validateLayer({ ...layer, value: '2*x+' })).toHaveProperty('value');
    expect(validateLayer({ ...layer, name: ' ' })).toEqual({ name: 'cannot be empty' });
    expect(validateLayer(layer, ['Goal'])).toHaveProperty('name');
    expect(withType(layer, 'EVENT')).toMatchObject({ annotationType: 'EVENT', sourceType: 'NATIVE', value: null });
    expect(upsertLayer([layer], 0, { ...layer, name: 'B' }).map((l) => l.name)).toEqual(['B']);
    expect(upsertLayer([layer], null, { ...layer, name: 'B' }).map((l) => l.name)).toEqual(['Goal', 'B']);
  });

  it('shows Remove for an existing layer', () => {
    const layer = { ...newLayer(['FORMULA']), name: 'Goal', value: '2*x+1' };
    const out = html(<AnnotationLayerEditor initial={layer} types={['FORMULA']} otherNames={[]} isNew={false} onSave={noop} onRemove={noop} onCancel={noop} />);
    expect(out).toContain('>Remove</button>');
    expect(out).toContain('value="2*x+1"');
    expect(buttonWith(out, 'OK')).not.toContain('disabled=""');
  });
});

describe('TimeSeriesColumnEditor', () => {
  it('shows the fields of its type, with Close and Save', () => {
    const spark = html(<TimeSeriesColumnEditor initial={{ colType: 'spark' }} onSave={noop} onClose={noop} />);
    for (const label of ['Label', 'Tooltip', 'Height', 'Time ratio', 'Show Y-axis', 'Y-axis bounds', 'Date format', 'Close', 'Save']) expect(spark).toContain(label);
    expect(spark).not.toContain('Time lag');
    const time = html(<TimeSeriesColumnEditor initial={{ colType: 'time' }} onSave={noop} onClose={noop} />);
    expect(time).toMatch(/<input[^>]*type="number"[^>]*value="0"/);
    expect(time).toContain('Comparison type');
  });
});
