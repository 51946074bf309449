/** The pie chart's control panel (Superset's Pie controlPanel). */
import { D3_FORMAT_OPTIONS } from '~/lib/format/number-format';
import { D3_TIME_FORMAT_OPTIONS } from '~/lib/format/time-format';
import { D3_FORMAT_DOCS, SHARED_CONTROLS } from '../shared/controls';
import { ensureIsArray, ensureIsInt } from '../shared/query/utils';
import { chartOptionsSection, legendRows, querySection } from '../shared/sections';
import { validateNonEmpty } from '../shared/validators';
import type { Choice, ControlPanel, FormData } from '../types';
import { PIE_DEFAULTS } from './types';

const D3_NUMBER_FORMAT_DESCRIPTION_VALUES_TEXT = 'Only applies when "Label Type" is set to show values.';

export const pieControlPanel: ControlPanel = {
  sections: [
    querySection([
      ['groupby'],
      ['metric'],
      ['adhoc_filters'],
      ['row_limit'],
      [{ name: 'sort_by_metric', config: { ...SHARED_CONTROLS.sort_by_metric, default: true } }],
    ]),
    chartOptionsSection([
      ['color_scheme'],
      [
        {
          name: 'show_labels_threshold',
          config: {
            type: 'TextControl',
            label: 'Percentage threshold',
            renderTrigger: true,
            isFloat: true,
            default: PIE_DEFAULTS.showLabelsThreshold,
            description: 'Minimum threshold in percentage points for showing labels.',
          },
        },
      ],
      [
        {
          name: 'roseType',
          config: {
            type: 'SelectControl',
            label: 'Rose Type',
            default: PIE_DEFAULTS.roseType,
            renderTrigger: true,
            choices: [
              ['area', 'Area'],
              ['radius', 'Radius'],
              [null, 'None'],
            ],
            description: 'Whether to show as Nightingale chart.',
          },
        },
      ],
      ...legendRows,
      [
        {
          name: 'label_type',
          config: {
            type: 'SelectControl',
            label: 'Label Type',
            default: PIE_DEFAULTS.labelType,
            renderTrigger: true,
            choices: [
              ['key', 'Category Name'],
              ['value', 'Value'],
              ['percent', 'Percentage'],
              ['key_value', 'Category and Value'],
              ['key_percent', 'Category and Percentage'],
              ['key_value_percent', 'Category, Value and Percentage'],
              ['value_percent', 'Value and Percentage'],
              ['template', 'Template'],
            ],
            description: 'What should be shown on the label?',
          },
        },
      ],
      [
        {
          name: 'label_template',
          config: {
            type: 'TextControl',
            label: 'Label Template',
            renderTrigger: true,
            description:
              'Format data labels. Use variables: {name}, {value}, {percent}. \\n represents a new line. ECharts compatibility:\n{a} (series), {b} (name), {c} (value), {d} (percentage)',
            visibility: ({ formData }) => formData.label_type === 'template',
          },
        },
      ],
      [
        {
          name: 'number_format',
          config: {
            type: 'NumberFormatControl',
            label: 'Number format',
            freeForm: true,
            renderTrigger: true,
            default: PIE_DEFAULTS.numberFormat,
            choices: D3_FORMAT_OPTIONS.map(([value, label]): Choice => [value, label]),
            description: `${D3_FORMAT_DOCS} ${D3_NUMBER_FORMAT_DESCRIPTION_VALUES_TEXT}`,
          },
        },
      ],
      ['currency_format'],
      [
        {
          name: 'date_format',
          config: {
            type: 'TimeFormatControl',
            label: 'Date format',
            freeForm: true,
            renderTrigger: true,
            default: PIE_DEFAULTS.dateFormat,
            choices: D3_TIME_FORMAT_OPTIONS.map(([value, label]): Choice => [value, label]),
            description: D3_FORMAT_DOCS,
          },
        },
      ],
      [
        {
          name: 'show_labels',
          config: { type: 'CheckboxControl', label: 'Show Labels', renderTrigger: true, default: PIE_DEFAULTS.showLabels, description: 'Whether to display the labels.' },
        },
      ],
      [
        {
          name: 'labels_outside',
          config: {
            type: 'CheckboxControl',
            label: 'Put labels outside',
            default: PIE_DEFAULTS.labelsOutside,
            renderTrigger: true,
            description: 'Put the labels outside of the pie?',
            visibility: ({ formData }) => Boolean(formData.show_labels ?? PIE_DEFAULTS.showLabels),
          },
        },
      ],
      [
        {
          name: 'label_line',
          config: {
            type: 'CheckboxControl',
            label: 'Label Line',
            default: PIE_DEFAULTS.labelLine,
            renderTrigger: true,
            description: 'Draw line from Pie to label when labels outside?',
            visibility: ({ formData }) => Boolean(formData.show_labels ?? PIE_DEFAULTS.showLabels),
          },
        },
      ],
      [{ name: 'show_total', config: { type: 'CheckboxControl', label: 'Show Total', default: false, renderTrigger: true, description: 'Whether to display the aggregate count' } }],
      [
        {
          name: 'outerRadius',
          config: { type: 'SliderControl', label: 'Outer Radius', renderTrigger: true, min: 10, max: 100, step: 1, default: PIE_DEFAULTS.outerRadius, description: 'Outer edge of Pie chart' },
        },
      ],
      [{ name: 'donut', config: { type: 'CheckboxControl', label: 'Donut', default: PIE_DEFAULTS.donut, renderTrigger: true, description: 'Do you want a donut or a pie?' } }],
      [
        {
          name: 'innerRadius',
          config: {
            type: 'SliderControl',
            label: 'Inner Radius',
            renderTrigger: true,
            min: 0,
            max: 100,
            step: 1,
            default: PIE_DEFAULTS.innerRadius,
            description: 'Inner radius of donut hole',
            visibility: ({ formData }) => Boolean(formData.donut),
          },
        },
      ],
    ]),
  ],
  controlOverrides: {
    series: { validators: [validateNonEmpty], clearable: false },
    row_limit: { default: 100 },
  },
  formDataOverrides: pieFormDataOverrides,
};

/**
 * Form data coming from another chart type (Superset's pie formDataOverrides, which runs when the
 * type changes): one metric (the first of `metrics` when there is no `metric`), the dimensions
 * of `groupby` and `columns`, and a row limit of at most 100. A pie's own form data is unchanged,
 * so a saved pie (row limit 10000 in Superset's examples) builds the same query as in Superset.
 */
export function pieFormDataOverrides(formData: FormData): FormData {
  if (formData.viz_type === 'pie' && formData.metric !== undefined) return formData;
  const metrics = ensureIsArray(formData.metrics as unknown[]);
  const metric = formData.metric ?? metrics[0];
  const groupby = [...ensureIsArray(formData.groupby as unknown[]), ...ensureIsArray(formData.columns as unknown[])];
  const rowLimit = ensureIsInt(formData.row_limit, 100) >= 100 ? 100 : formData.row_limit;
  return { ...formData, metric, groupby, row_limit: rowLimit };
}

export default pieControlPanel;
