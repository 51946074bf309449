/**
 * The simple controls as React renders them: which element carries the id the label points at,
 * how a value shows, and which types the registry draws. Value handling itself (parsing, pairs,
 * paste) is tested on the pure functions in values.test.ts and select-options.test.ts.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SHARED_CONTROLS } from '~/viz/shared/controls';
import type { ControlConfig, ControlType, FormData } from '~/viz/types';
import type { ControlProps, ExploreDatasource } from '../../types';
import { BASIC_CONTROLS, labelModeOf } from '../basic-controls';

const datasource = {
  id: 1,
  type: 'table',
  name: 'birth_names',
  uid: '1__table',
  columns: [],
  metrics: [
    { metric_name: 'count', verbose_name: 'COUNT(*)', expression: 'COUNT(*)', d3format: null, currency: null, description: null, warning_text: null },
  ],
  verboseMap: {},
  owners: [],
  database: null,
  schema: null,
  sql: null,
  extra: {},
  canEdit: true,
} as ExploreDatasource;

function render(config: ControlConfig, value: unknown, extra: Partial<ControlProps> = {}) {
  const Component = BASIC_CONTROLS[config.type];
  if (!Component) throw new Error(`no component for ${config.type}`);
  const formData: FormData = { viz_type: 'table' };
  return renderToStaticMarkup(
    <Component id="control-x" name="x" config={config} value={value} onChange={() => {}} context={{ formData, datasource }} datasource={datasource}
      errors={[]} results={null} {...extra} />,
  );
}

describe('BASIC_CONTROLS', () => {
  it('draws every simple control type of the spec', () => {
    const types: ControlType[] = ['SelectControl', 'CheckboxControl', 'TextControl', 'TextAreaControl', 'SliderControl', 'RadioButtonControl', 'ColorSchemeControl',
      'ColorPickerControl', 'CurrencyControl', 'NumberFormatControl', 'TimeFormatControl', 'BoundsControl', 'NumericRangeControl', 'FixedOrMetricControl',
      'HiddenControl', 'TimeGrainControl'];
    expect(Object.keys(BASIC_CONTROLS).sort()).toEqual([...types].sort());
  });

  it('labels multi-input controls as groups and hides hidden ones', () => {
    expect(labelModeOf('BoundsControl')).toBe('group');
    expect(labelModeOf('CheckboxControl')).toBe('inline');
    expect(labelModeOf('HiddenControl')).toBe('none');
    expect(labelModeOf('SelectControl')).toBe('for');
    expect(labelModeOf('MetricsControl')).toBe('group');
    expect(labelModeOf('DateFilterControl')).toBe('for');
  });
});

describe('SelectControl', () => {
  it('is a native select for a plain single choice, the value selected and null for clearing', () => {
    const html = render(SHARED_CONTROLS.legendOrientation, 'bottom');
    expect(html).toMatch(/^<select id="control-x"/);
    expect(html).toContain('<option value="&quot;bottom&quot;" selected="">Bottom</option>');
    expect(html).toContain('<option value="">—</option>');
  });

  it('is a combobox when values may be typed in, showing the current value', () => {
    const html = render(SHARED_CONTROLS.row_limit, 10000);
    expect(html).toMatch(/<input[^>]*id="control-x" role="combobox"/);
    expect(html).toContain('value="10000"');
  });

  it('shows a multi-select value as tags, four at most, each removable', () => {
    const html = render({ type: 'SelectControl', label: 'Time shift', multi: true, freeForm: true, choices: [['1 day ago', '1 day ago']] }, ['1 day ago', 'a', 'b', 'c', 'd']);
    expect(html).toContain('aria-label="Remove 1 day ago"');
    expect(html).toContain('aria-label="Remove c"');
    expect(html).not.toContain('aria-label="Remove d"');
    expect(html).toContain('+1');
    expect(html).toMatch(/<input[^>]*id="control-x" role="combobox"/);
  });

  it('shows a value outside its choices as itself', () => {
    expect(render(SHARED_CONTROLS.y_axis_format, '.7f')).toContain('value=".7f"');
  });
});

describe('TextControl', () => {
  it('shows the value as text and says when it is not an integer', () => {
    const config: ControlConfig = { type: 'TextControl', label: 'Periods', isInt: true };
    expect(render(config, 7)).toContain('value="7"');
    const bad = render(config, '7.5');
    expect(bad).toContain('is expected to be an integer');
    expect(bad).toContain('aria-invalid="true"');
    expect(render({ ...config, isInt: false, isFloat: true }, 'abc')).toContain('is expected to be a number');
    expect(render(config, null)).toContain('value=""');
  });
});

describe('other simple controls', () => {
  it('checkbox reflects the value', () => {
    expect(render({ type: 'CheckboxControl', label: 'Donut' }, true)).toContain('checked=""');
    expect(render({ type: 'CheckboxControl', label: 'Donut' }, false)).not.toContain('checked');
  });

  it('slider uses min, max and step and shows its value', () => {
    const html = render({ type: 'SliderControl', label: 'Opacity', min: 0, max: 1, step: 0.1 }, 0.4);
    expect(html).toMatch(/<input id="control-x" type="range" min="0" max="1" step="0.1"[^>]*value="0.4"/);
    expect(html).toContain('<output for="control-x" class="w-10 text-right text-sm tabular-nums">0.4</output>');
  });

  it('radio buttons check the value, or the first choice when there is none', () => {
    const config: ControlConfig = { type: 'RadioButtonControl', label: 'Query mode', choices: [['aggregate', 'Aggregate'], ['raw', 'Raw records']] };
    expect(render(config, 'raw')).toMatch(/<div id="control-x" role="radiogroup" aria-labelledby="control-x-label"/);
    expect(render(config, 'raw')).toMatch(/checked=""\/>Raw records/);
    expect(render(config, null)).toMatch(/checked=""\/>Aggregate/);
  });

  it('colour scheme shows the selected scheme with its swatch', () => {
    const html = render(SHARED_CONTROLS.color_scheme, 'supersetColors');
    expect(html).toContain('value="Superset Colors"');
    expect(html).toContain('background-color:#1FA8C9');
  });

  it('colour picker shows the colour as hex and its opacity', () => {
    const html = render(SHARED_CONTROLS.color_picker, { r: 0, g: 122, b: 135, a: 0.5 });
    expect(html).toContain('value="#007a87"');
    expect(html).toContain('value="0.5"');
    expect(html).not.toContain('Invalid color');
  });

  it('currency offers position and symbol', () => {
    const html = render(SHARED_CONTROLS.currency_format, { symbolPosition: 'suffix', symbol: 'EUR' });
    expect(html).toContain('aria-label="Currency prefix or suffix"');
    expect(html).toContain('<option value="&quot;suffix&quot;" selected="">Suffix</option>');
    expect(html).toContain('value="€ (EUR)"');
  });

  it('bounds and numeric range show Min and Max, null as empty', () => {
    const bounds = render(SHARED_CONTROLS.xAxisBounds, [null, 5]);
    expect(bounds).toMatch(/aria-label="Min"[^>]*value=""/);
    expect(bounds).toMatch(/aria-label="Max"[^>]*value="5"/);
    expect(render({ type: 'NumericRangeControl', label: 'Range' }, [1, 2])).toMatch(/aria-label="Min"[^>]*value="1"/);
  });

  it('fixed or metric shows the fixed default 100 collapsed, or the metric', () => {
    const fixed = render({ type: 'FixedOrMetricControl', label: 'Bubble size' }, undefined);
    expect(fixed).toContain('aria-expanded="false"');
    expect(fixed).toContain('<span>Fixed: 100</span>');
    expect(fixed).toContain('value="100"');
    expect(render({ type: 'FixedOrMetricControl', label: 'Bubble size' }, { type: 'metric', value: 'count' })).toContain('<span>Metric: count</span>');
  });

  it('hidden control draws nothing', () => {
    expect(render({ type: 'HiddenControl', label: '' }, 'x')).toBe('');
  });
});
