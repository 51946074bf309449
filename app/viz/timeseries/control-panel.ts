/**
 * The control panel the time-series family shares (Superset's Timeseries control panels): the
 * Query section with the x-axis, grain and sorting of the base axis, Advanced analytics (rolling
 * window, time comparison, resample), annotation layers, axis titles, and Chart Options: series
 * order, colours, the series style, stacking and value labels, area and markers, zoom, legend,
 * x axis, tooltip and y axis. Each type picks its variant (Superset's panels differ in the series
 * style choices, stacking, area and bar orientation); shared controls are named, the family's own
 * are inline. Superset's sub-headers (Legend, X Axis, Tooltip, Y Axis) are rows in one section.
 */
import type { Choice, ControlConfig, ControlContext, ControlItem, ControlPanel, ControlPanelSection, FormData } from '../types';
import { resolveControl } from '../shared/controls';
import { advancedAnalyticsControls } from '../shared/sections';
import { DEFAULT_PROPS, SeriesType, camelKey } from './types';

export type TimeseriesVariant = 'line' | 'bar' | 'area' | 'scatter' | 'smooth' | 'step';

/** A form data value as the panel sees it: either spelling of the key, else the control's default. */
function value(ctx: ControlContext, key: string, fallback?: unknown): unknown {
  const fd = ctx.formData as FormData;
  const v = fd[key] ?? fd[camelKey(key)];
  return v === undefined ? fallback : v;
}
const isOn = (key: string, fallback?: unknown) => (ctx: ControlContext) => Boolean(value(ctx, key, fallback));
const asArray = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

const control = (name: string, config: ControlConfig): ControlItem => ({ name, config });

const SORT_SERIES_CHOICES: Choice[] = [
  ['name', 'Category name'],
  ['sum', 'Total value'],
  ['min', 'Minimum value'],
  ['max', 'Maximum value'],
  ['avg', 'Average value'],
];
const TITLE_MARGIN_CHOICES: Choice[] = [15, 30, 50, 75, 100, 125, 150, 200].map((n) => [n, String(n)]);
const STACK_CHOICES: Choice[] = [
  [null, 'None'],
  ['Stack', 'Stack'],
  ['Stream', 'Stream'],
];
const BOUNDS_DESCRIPTION =
  "When left empty, the bounds are dynamically defined based on the min/max of the data. Note that this feature will only expand the axis range. It won't narrow the data's extent.";
const TIME_FORMAT_DESCRIPTION = 'D3 time format syntax: https://github.com/d3/d3-time-format. When using other than adaptive formatting, labels may overlap';

// Query -------------------------------------------------------------------------------------

const xAxisSortable = (ctx: ControlContext) => asArray(value(ctx, 'groupby')).length === 0 && asArray(value(ctx, 'metrics')).length === 1;
const xAxisMultiSortable = (ctx: ControlContext) => asArray(value(ctx, 'groupby')).length > 0 || asArray(value(ctx, 'metrics')).length > 1;

function xAxisSortChoices(ctx: ControlContext): Choice[] {
  const label = (v: unknown): string =>
    typeof v === 'string' ? v : ((v as { label?: string; sqlExpression?: string })?.label ?? (v as { sqlExpression?: string })?.sqlExpression ?? '');
  const names = [value(ctx, 'x_axis'), ...asArray(value(ctx, 'metrics')), value(ctx, 'timeseries_limit_metric')]
    .filter(Boolean)
    .map((v) => {
      if (typeof v === 'object' && v && 'expressionType' in v && (v as { expressionType: string }).expressionType === 'SIMPLE' && !(v as { label?: string }).label) {
        const m = v as { aggregate?: string; column?: { column_name?: string } };
        return `${m.aggregate}(${m.column?.column_name})`;
      }
      return label(v);
    });
  const verbose = ctx.datasource?.verboseMap ?? {};
  return [...new Set(names)].map((n) => [n, verbose[n] || n]);
}

const querySection: ControlPanelSection = {
  label: 'Query',
  expanded: true,
  controlSetRows: [
    ['x_axis'],
    ['time_grain_sqla'],
    [
      control('xAxisForceCategorical', {
        type: 'CheckboxControl',
        label: 'Force categorical',
        default: false,
        renderTrigger: true,
        description: 'Treat values as categorical.',
        visibility: (ctx) => {
          const x = value(ctx, 'x_axis');
          const col = ctx.datasource?.columns.find((c) => c.column_name === x);
          return col?.type_generic === 0;
        },
      }),
    ],
    [
      control('x_axis_sort', {
        type: 'SelectControl',
        label: 'X-Axis Sort By',
        description: 'Decides which column to sort the base axis by.',
        clearable: true,
        choices: xAxisSortChoices,
        visibility: xAxisSortable,
      }),
    ],
    [
      control('x_axis_sort_asc', {
        type: 'CheckboxControl',
        label: 'X-Axis Sort Ascending',
        default: true,
        description: 'Whether to sort ascending or descending on the base Axis.',
        visibility: (ctx) => value(ctx, 'x_axis_sort') !== undefined && xAxisSortable(ctx),
      }),
    ],
    [
      control('x_axis_sort_series', {
        type: 'SelectControl',
        label: 'X-Axis Sort By',
        freeForm: false,
        choices: SORT_SERIES_CHOICES,
        default: 'name',
        renderTrigger: true,
        description: 'Decides which measure to sort the base axis by.',
        visibility: xAxisMultiSortable,
      }),
    ],
    [
      control('x_axis_sort_series_ascending', {
        type: 'CheckboxControl',
        label: 'X-Axis Sort Ascending',
        default: true,
        renderTrigger: true,
        description: 'Whether to sort ascending or descending on the base Axis.',
        visibility: (ctx) => value(ctx, 'x_axis_sort_series', 'name') !== undefined && xAxisMultiSortable(ctx),
      }),
    ],
    ['metrics'],
    ['groupby'],
    ['contributionMode'],
    ['adhoc_filters'],
    ['limit'],
    ['timeseries_limit_metric'],
    ['order_desc'],
    ['row_limit'],
    ['truncate_metric'],
    ['show_empty_columns'],
  ],
};

/** Superset shows advanced analytics only for a temporal (or SQL) x-axis. */
function timeRelated(ctx: ControlContext): boolean {
  const x = value(ctx, 'x_axis');
  if (x === undefined || x === null) return true;
  if (typeof x === 'object') return true;
  const col = ctx.datasource?.columns.find((c) => c.column_name === x);
  return ctx.datasource ? Boolean(col?.is_dttm) : true;
}

/**
 * Superset's advanced analytics controls (app/viz/shared), each shown only with a temporal x-axis
 * on top of its own rule (rolling periods only with a rolling function, and so on).
 */
const advancedAnalyticsSection: ControlPanelSection = {
  ...advancedAnalyticsControls,
  controlSetRows: advancedAnalyticsControls.controlSetRows.map((row) =>
    row.map((item) => {
      const resolved = resolveControl(item);
      if (!resolved) return item;
      const own = resolved.config.visibility;
      return control(resolved.name, { ...resolved.config, visibility: (ctx) => timeRelated(ctx) && (own ? own(ctx) : true) });
    }),
  ),
};

const annotationsSection: ControlPanelSection = {
  label: 'Annotations and Layers',
  expanded: false,
  controlSetRows: [[control('annotation_layers', { type: 'AnnotationLayerControl', label: '', default: [], description: 'Annotation Layers' })]],
};

function titleSection(): ControlPanelSection {
  return {
    label: 'Chart Title',
    expanded: true,
    controlSetRows: [
      [control('x_axis_title', { type: 'TextControl', label: 'X Axis Title', renderTrigger: true, default: '', description: 'Changing this control takes effect instantly' })],
      [
        control('x_axis_title_margin', {
          type: 'SelectControl',
          freeForm: true,
          clearable: true,
          label: 'X AXIS TITLE BOTTOM MARGIN',
          renderTrigger: true,
          default: 15,
          choices: TITLE_MARGIN_CHOICES,
          description: 'Changing this control takes effect instantly',
        }),
      ],
      [control('y_axis_title', { type: 'TextControl', label: 'Y Axis Title', renderTrigger: true, default: '', description: 'Changing this control takes effect instantly' })],
      [
        control('y_axis_title_margin', {
          type: 'SelectControl',
          freeForm: true,
          clearable: true,
          label: 'Y Axis Title Margin',
          renderTrigger: true,
          default: 15,
          choices: TITLE_MARGIN_CHOICES,
          description: 'Changing this control takes effect instantly',
        }),
      ],
      [
        control('y_axis_title_position', {
          type: 'SelectControl',
          freeForm: true,
          clearable: false,
          label: 'Y Axis Title Position',
          renderTrigger: true,
          default: 'Left',
          choices: [
            ['Left', 'Left'],
            ['Top', 'Top'],
          ],
          description: 'Changing this control takes effect instantly',
        }),
      ],
    ],
  };
}

// Chart options -----------------------------------------------------------------------------

const seriesOrderRows: ControlItem[][] = [['sort_series_type'], ['sort_series_ascending']];

const showValueControl = 'show_value';
/** The shared stack control; the area chart adds 'Expand' (stack as percentages). */
const stackControl = (choices: Choice[]): ControlItem => {
  const shared = resolveControl('stack')!;
  return control('stack', { ...shared.config, choices });
};
const onlyTotalControl = control('only_total', {
  type: 'CheckboxControl',
  label: 'Only Total',
  default: true,
  renderTrigger: true,
  description: 'Only show the total value on the stacked chart, and not show on the selected category',
  visibility: (ctx) => Boolean(value(ctx, 'show_value')) && Boolean(value(ctx, 'stack')),
});
const percentageThresholdControl = control('percentage_threshold', {
  type: 'TextControl',
  label: 'Percentage threshold',
  renderTrigger: true,
  isFloat: true,
  default: 0,
  description: 'Minimum threshold in percentage points for showing labels.',
  visibility: (ctx) => Boolean(value(ctx, 'show_value')) && Boolean(value(ctx, 'stack')) && !value(ctx, 'only_total', true),
});

const markerRows = (maxSize: number): ControlItem[][] => [
  [control('markerEnabled', { type: 'CheckboxControl', label: 'Marker', renderTrigger: true, default: false, description: 'Draw a marker on data points. Only applicable for line types.' })],
  [
    control('markerSize', {
      type: 'SliderControl',
      label: 'Marker Size',
      renderTrigger: true,
      min: 0,
      max: maxSize,
      default: DEFAULT_PROPS.markerSize,
      description: 'Size of marker. Also applies to forecast observations.',
      visibility: isOn('markerEnabled'),
    }),
  ],
];
const areaRows: ControlItem[][] = [
  [control('area', { type: 'CheckboxControl', label: 'Area Chart', renderTrigger: true, default: false, description: 'Draw area under curves. Only applicable for line types.' })],
  [
    control('opacity', {
      type: 'SliderControl',
      label: 'Area chart opacity',
      renderTrigger: true,
      min: 0,
      max: 1,
      step: 0.1,
      default: DEFAULT_PROPS.opacity,
      description: 'Opacity of Area Chart. Also applies to confidence band.',
      visibility: isOn('area'),
    }),
  ],
];
const zoomRow: ControlItem[] = [control('zoomable', { type: 'CheckboxControl', label: 'Data Zoom', default: false, renderTrigger: true, description: 'Enable data zooming controls' })];
const minorTicksRow: ControlItem[] = ['minorTicks'];

const legendRows: ControlItem[][] = [
  ['show_legend'],
  [
    control('legendType', {
      type: 'SelectControl',
      freeForm: false,
      label: 'Type',
      choices: [
        ['scroll', 'Scroll'],
        ['plain', 'Plain'],
      ],
      default: 'scroll',
      renderTrigger: true,
      description: 'Legend type',
      visibility: isOn('show_legend', true),
    }),
  ],
  [
    control('legendOrientation', {
      type: 'SelectControl',
      freeForm: false,
      label: 'Orientation',
      choices: [
        ['top', 'Top'],
        ['bottom', 'Bottom'],
        ['left', 'Left'],
        ['right', 'Right'],
      ],
      default: 'top',
      renderTrigger: true,
      description: 'Legend Orientation',
      visibility: isOn('show_legend', true),
    }),
  ],
  [
    control('legendMargin', {
      type: 'TextControl',
      label: 'Margin',
      renderTrigger: true,
      isInt: true,
      default: null,
      description: 'Additional padding for legend.',
      visibility: isOn('show_legend', true),
    }),
  ],
];

const timeFormatChoices: Choice[] = [
  ['smart_date', 'Adaptive formatting'],
  ['%d/%m/%Y', '%d/%m/%Y | 14/01/2019'],
  ['%m/%d/%Y', '%m/%d/%Y | 01/14/2019'],
  ['%Y-%m-%d', '%Y-%m-%d | 2019-01-14'],
  ['%Y-%m-%d %H:%M:%S', '%Y-%m-%d %H:%M:%S | 2019-01-14 01:32:10'],
  ['%d-%m-%Y %H:%M:%S', '%d-%m-%Y %H:%M:%S | 14-01-2019 01:32:10'],
  ['%H:%M:%S', '%H:%M:%S | 01:32:10'],
];

const xAxisRows = (): ControlItem[][] => [
  [
    control('x_axis_time_format', {
      type: 'SelectControl',
      freeForm: true,
      label: 'Time format',
      renderTrigger: true,
      default: 'smart_date',
      choices: timeFormatChoices,
      description: TIME_FORMAT_DESCRIPTION,
    }),
  ],
  ['xAxisLabelRotation'],
];

const tooltipRows: ControlItem[][] = [
  ['rich_tooltip'],
  [
    control('showTooltipTotal', {
      type: 'CheckboxControl',
      label: 'Show total',
      renderTrigger: true,
      default: true,
      description: 'Whether to display the total value in the tooltip',
      visibility: isOn('rich_tooltip', true),
    }),
  ],
  [
    control('showTooltipPercentage', {
      type: 'CheckboxControl',
      label: 'Show percentage',
      renderTrigger: true,
      default: true,
      description: 'Whether to display the percentage value in the tooltip',
      visibility: (ctx) => Boolean(value(ctx, 'rich_tooltip', true)) && !value(ctx, 'contributionMode'),
    }),
  ],
  [
    control('tooltipSortByMetric', {
      type: 'CheckboxControl',
      label: 'Tooltip sort by metric',
      renderTrigger: true,
      default: false,
      description: 'Whether to sort tooltip by the selected metric in descending order.',
      visibility: isOn('rich_tooltip', true),
    }),
  ],
  [
    control('tooltipTimeFormat', {
      type: 'SelectControl',
      freeForm: true,
      label: 'Tooltip time format',
      renderTrigger: true,
      default: 'smart_date',
      clearable: false,
      choices: timeFormatChoices,
      description: TIME_FORMAT_DESCRIPTION,
    }),
  ],
];

const truncateXAxisRows: ControlItem[][] = [
  ['truncateXAxis'],
  [
    control('xAxisBounds', {
      type: 'BoundsControl',
      label: 'X Axis Bounds',
      renderTrigger: true,
      default: [null, null],
      description: `Bounds for numerical X axis. Not applicable for temporal or categorical axes. ${BOUNDS_DESCRIPTION}`,
      visibility: isOn('truncateXAxis', true),
    }),
  ],
];

const yAxisRows = (bar: boolean): ControlItem[][] => {
  return [
    ['y_axis_format'],
    ['currency_format'],
    [
      control('logAxis', {
        type: 'CheckboxControl',
        label: bar ? 'Logarithmic axis' : 'Logarithmic y-axis',
        renderTrigger: true,
        default: false,
        description: bar ? 'Logarithmic axis' : 'Logarithmic y-axis',
      }),
    ],
    [
      control('minorSplitLine', {
        type: 'CheckboxControl',
        label: 'Minor Split Line',
        renderTrigger: true,
        default: false,
        description: bar ? 'Draw split lines for minor axis ticks' : 'Draw split lines for minor y-axis ticks',
      }),
    ],
    ...(bar ? [] : truncateXAxisRows),
    [
      control('truncateYAxis', {
        type: 'CheckboxControl',
        label: bar ? 'Truncate Axis' : 'Truncate Y Axis',
        default: false,
        renderTrigger: true,
        description: bar ? 'It’s not recommended to truncate axis in Bar chart.' : 'Truncate Y Axis. Can be overridden by specifying a min or max bound.',
      }),
    ],
    [
      control('y_axis_bounds', {
        type: 'BoundsControl',
        label: bar ? 'Axis Bounds' : 'Y Axis Bounds',
        renderTrigger: true,
        default: [null, null],
        description: `Bounds for the ${bar ? 'axis' : 'Y-axis'}. ${BOUNDS_DESCRIPTION}`,
        visibility: isOn('truncateYAxis'),
      }),
    ],
  ];
};

function seriesStyleRows(variant: TimeseriesVariant): ControlItem[][] {
  const styleChoices: Record<string, Choice[]> = {
    line: [
      [SeriesType.Line, 'Line'],
      [SeriesType.Scatter, 'Scatter'],
      [SeriesType.Smooth, 'Smooth Line'],
      [SeriesType.Bar, 'Bar'],
      [SeriesType.Start, 'Step - start'],
      [SeriesType.Middle, 'Step - middle'],
      [SeriesType.End, 'Step - end'],
    ],
    area: [
      [SeriesType.Line, 'Line'],
      [SeriesType.Smooth, 'Smooth Line'],
      [SeriesType.Start, 'Step - start'],
      [SeriesType.Middle, 'Step - middle'],
      [SeriesType.End, 'Step - end'],
    ],
  };
  if (variant === 'step') {
    return [
      [
        control('seriesType', {
          type: 'SelectControl',
          label: 'Step type',
          renderTrigger: true,
          default: SeriesType.Start,
          choices: [
            [SeriesType.Start, 'Start'],
            [SeriesType.Middle, 'Middle'],
            [SeriesType.End, 'End'],
          ],
          description: 'Defines whether the step should appear at the beginning, middle or end between two data points',
        }),
      ],
    ];
  }
  const choices = styleChoices[variant];
  if (!choices) return [];
  return [
    [control('seriesType', { type: 'SelectControl', label: 'Series Style', renderTrigger: true, default: SeriesType.Line, choices, description: 'Series chart type (line, bar etc)' })],
  ];
}

function chartOptionsSection(variant: TimeseriesVariant): ControlPanelSection {
  const rows: ControlItem[][] = [...seriesOrderRows, ['color_scheme'], [control('time_shift_color', { type: 'CheckboxControl', label: 'Match time shift color with original series', default: true, renderTrigger: true, description: 'When unchecked, colors from the selected color scheme will be used for time shifted series' })]];
  rows.push(...seriesStyleRows(variant));
  if (variant === 'area') {
    rows.push(
      [
        control('opacity', {
          type: 'SliderControl',
          label: 'Area chart opacity',
          renderTrigger: true,
          min: 0,
          max: 1,
          step: 0.1,
          default: DEFAULT_PROPS.opacity,
          description: 'Opacity of Area Chart. Also applies to confidence band.',
        }),
      ],
      [showValueControl],
      [stackControl([...STACK_CHOICES, ['Expand', 'Expand']])],
      [onlyTotalControl],
      [percentageThresholdControl],
      [
        control('show_extra_controls', {
          type: 'CheckboxControl',
          label: 'Extra Controls',
          renderTrigger: true,
          default: false,
          description: 'Whether to show extra controls or not. Extra controls include things like making multiBar charts stacked or side by side.',
        }),
      ],
      ...markerRows(20),
      minorTicksRow,
      zoomRow,
    );
  } else if (variant === 'smooth') {
    rows.push([showValueControl], [onlyTotalControl], ...markerRows(20), zoomRow, minorTicksRow);
  } else {
    rows.push([showValueControl], [stackControl(STACK_CHOICES)], [onlyTotalControl], [percentageThresholdControl]);
    if (variant === 'line' || variant === 'step') rows.push(...areaRows, ...markerRows(20), zoomRow, minorTicksRow);
    if (variant === 'scatter') rows.push(...markerRows(100), zoomRow, minorTicksRow);
    if (variant === 'bar') rows.push(minorTicksRow, zoomRow);
  }
  rows.push(...legendRows);
  if (variant === 'bar') {
    // Superset lists the axis controls twice, under X Axis and Y Axis, showing each set on the
    // side its axis is drawn when the bars turn horizontal; one set of controls here (a name once
    // per panel): the category axis's time format and the value axis's format, wherever drawn.
    rows.push(...xAxisRows(), ...truncateXAxisRows, ...tooltipRows, ...yAxisRows(true));
  } else {
    rows.push(...xAxisRows(), ...tooltipRows, ...yAxisRows(false));
  }
  return { label: 'Chart Options', expanded: true, controlSetRows: rows };
}

const orientationSection: ControlPanelSection = {
  label: 'Chart Orientation',
  expanded: true,
  controlSetRows: [
    [
      control('orientation', {
        type: 'RadioButtonControl',
        renderTrigger: true,
        label: 'Bar orientation',
        default: 'vertical',
        choices: [
          ['vertical', 'Vertical'],
          ['horizontal', 'Horizontal'],
        ],
        description: 'Orientation of bar chart',
      }),
    ],
  ],
};

/** The control panel of one type of the family. */
export function timeseriesControlPanel(variant: TimeseriesVariant): ControlPanel {
  const sections: ControlPanelSection[] = [querySection, advancedAnalyticsSection, annotationsSection];
  if (variant === 'bar') sections.push(orientationSection);
  sections.push(titleSection(), chartOptionsSection(variant));
  return {
    sections,
    // Superset's bar panel keeps the shared row limit default; the others set the family's 10000.
    controlOverrides: variant === 'bar' ? {} : { row_limit: { default: 10000 } },
  };
}
