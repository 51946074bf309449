import type { ControlPanel } from '../types';
import { forceTimestampFormatting, headerFontSize, metricNameFontSize, showMetricName, subheaderFontSize, subtitleControl, subtitleFontSize, timeFormatControl } from './controls';

export const controlPanel: ControlPanel = {
  sections: [
    { label: 'Query', expanded: true, controlSetRows: [['metric'], ['adhoc_filters']] },
    {
      label: 'Display settings',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'subheader',
            config: { type: 'TextControl', label: 'Subheader', renderTrigger: true, description: 'Description text that shows up below your Big Number' },
          },
        ],
        [subtitleControl],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [
        [headerFontSize],
        [subheaderFontSize],
        [subtitleFontSize],
        [showMetricName],
        [metricNameFontSize],
        ['y_axis_format'],
        ['currency_format'],
        [timeFormatControl],
        [forceTimestampFormatting],
        [
          {
            name: 'conditional_formatting',
            config: {
              type: 'ConditionalFormattingControl',
              renderTrigger: true,
              label: 'Conditional Formatting',
              description: 'Apply conditional color formatting to metric',
            },
          },
        ],
      ],
    },
  ],
  controlOverrides: { y_axis_format: { label: 'Number format' } },
};
