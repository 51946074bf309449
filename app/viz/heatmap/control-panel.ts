import type { Choice, ControlPanel } from '../types';

const sortAxisChoices: Choice[] = [
  ['alpha_asc', 'Axis ascending'],
  ['alpha_desc', 'Axis descending'],
  ['value_asc', 'Metric ascending'],
  ['value_desc', 'Metric descending'],
];

const intervalChoices: Choice[] = [[-1, 'Auto'], ...Array.from({ length: 50 }, (_, i) => [i + 1, String(i + 1)] as Choice)];
const marginChoices: Choice[] = [['auto', 'Auto'], ...[50, 75, 100, 125, 150, 200].map((n) => [n, String(n)] as Choice)];

export const controlPanel: ControlPanel = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        ['x_axis'],
        ['time_grain_sqla'],
        ['groupby'],
        ['metric'],
        ['adhoc_filters'],
        ['row_limit'],
        [{ name: 'sort_x_axis', config: { type: 'SelectControl', label: 'Sort X Axis', choices: sortAxisChoices, renderTrigger: false, clearable: false, default: 'alpha_asc' } }],
        [{ name: 'sort_y_axis', config: { type: 'SelectControl', label: 'Sort Y Axis', choices: sortAxisChoices, renderTrigger: false, clearable: false, default: 'alpha_asc' } }],
        [
          {
            name: 'normalize_across',
            config: {
              type: 'SelectControl',
              label: 'Normalize Across',
              choices: [
                ['heatmap', 'heatmap'],
                ['x', 'x'],
                ['y', 'y'],
              ],
              default: 'heatmap',
              description:
                'Color will be shaded based the normalized (0% to 100%) value of a given cell against the other cells in the selected range: x: each row, y: each column, heatmap: all cells.',
            },
          },
        ],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'legend_type',
            config: {
              type: 'SelectControl',
              label: 'Legend Type',
              renderTrigger: true,
              choices: [
                ['continuous', 'Continuous'],
                ['piecewise', 'Piecewise'],
              ],
              default: 'continuous',
              clearable: false,
            },
          },
        ],
        ['linear_color_scheme'],
        [{ name: 'xscale_interval', config: { type: 'SelectControl', label: 'XScale Interval', renderTrigger: true, choices: intervalChoices, default: -1, clearable: false, description: 'Number of steps to take between ticks when displaying the X scale' } }],
        [{ name: 'yscale_interval', config: { type: 'SelectControl', label: 'YScale Interval', renderTrigger: true, choices: intervalChoices, default: -1, clearable: false, description: 'Number of steps to take between ticks when displaying the Y scale' } }],
        [{ name: 'left_margin', config: { type: 'SelectControl', freeForm: true, clearable: false, label: 'Left Margin', choices: marginChoices, default: 'auto', renderTrigger: true, description: 'Left margin, in pixels, allowing for more room for axis labels' } }],
        [{ name: 'bottom_margin', config: { type: 'SelectControl', freeForm: true, clearable: false, label: 'Bottom Margin', choices: marginChoices, default: 'auto', renderTrigger: true, description: 'Bottom margin, in pixels, allowing for more room for axis labels' } }],
        [{ name: 'value_bounds', config: { type: 'BoundsControl', label: 'Value bounds', renderTrigger: true, default: [null, null], description: 'Hard value bounds applied for color coding.' } }],
        ['y_axis_format'],
        ['x_axis_time_format'],
        ['currency_format'],
        [{ name: 'show_legend', config: { type: 'CheckboxControl', label: 'Legend', renderTrigger: true, default: true, description: 'Whether to display the legend (toggles)' } }],
        [{ name: 'show_percentage', config: { type: 'CheckboxControl', label: 'Show percentage', renderTrigger: true, description: 'Whether to include the percentage in the tooltip', default: true } }],
        [{ name: 'show_values', config: { type: 'CheckboxControl', label: 'Show Values', renderTrigger: true, default: false, description: 'Whether to display the numerical values within the cells' } }],
        [{ name: 'normalized', config: { type: 'CheckboxControl', label: 'Normalized', renderTrigger: true, description: 'Whether to apply a normal distribution based on rank on the color scale', default: false } }],
      ],
    },
  ],
  controlOverrides: {
    groupby: {
      label: 'Y-Axis',
      description: 'Dimension to use on y-axis.',
      multi: false,
      validators: [(value) => (value === undefined || value === null || (Array.isArray(value) && value.length === 0) || value === '' ? 'cannot be empty' : false)],
    },
    y_axis_format: { label: 'Value Format' },
  },
};
