/**
 * The filter box's panel: its filters (filter_configs), the time controls it shows, whether a
 * change applies at once, and the filters on its own queries. filter_configs is edited as JSON
 * text: the control registry has no list-of-objects editor yet (Superset's 'Filter configuration'
 * popover, spec explore.md section 2); the readers accept the list or its text.
 */
import type { ControlPanel } from '../types';
import { validateFilterConfigs } from './filter-configs';

export const FILTER_CONFIGS_DESCRIPTION =
  'One entry per filter, as a JSON list: [{"column": "country", "label": "Country", "multiple": true, "clearable": true, "searchAllOptions": false, "defaultValue": "", "metric": "count", "asc": true}]. Only "column" is required.';

export const controlPanel: ControlPanel = {
  sections: [
    {
      label: 'Filters configuration',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'filter_configs',
            config: {
              type: 'TextAreaControl',
              label: 'Filters',
              default: [],
              description: FILTER_CONFIGS_DESCRIPTION,
              validators: [validateFilterConfigs],
            },
          },
        ],
        [
          {
            name: 'date_filter',
            config: { type: 'CheckboxControl', label: 'Date filter', default: true, description: 'Show a time range control in the filter box' },
          },
        ],
        [
          {
            name: 'instant_filtering',
            config: {
              type: 'CheckboxControl',
              label: 'Instant filtering',
              default: true,
              description: 'Apply each change at once; when off, the box shows an Apply button that sends all changes together',
            },
          },
        ],
        [
          {
            name: 'show_sqla_time_granularity',
            config: { type: 'CheckboxControl', label: 'Show time grain dropdown', default: false, description: 'Let viewers choose the time grain of the filtered charts' },
          },
        ],
        [
          {
            name: 'show_sqla_time_column',
            config: { type: 'CheckboxControl', label: 'Show time column dropdown', default: false, description: 'Let viewers choose the time column of the filtered charts' },
          },
        ],
      ],
    },
    { label: 'Query', expanded: true, controlSetRows: [['adhoc_filters']] },
  ],
};
