/**
 * big_number_total: the one value of the answer, formatted as Superset's BigNumberTotal does, and
 * everything the view draws computed here (texts, colour, pixel sizes), so the view is a plain
 * function of its props.
 */
import type { QueryMetric } from '~/lib/chart-data/types';
import { getMetricLabel } from '../shared/query';
import type { FormData, HtmlModel, TransformInput } from '../types';
import { fitFontSize, headerFormatterFor, metricDisplayName, NO_DATA, NO_DATA_OR_HASNT_LANDED, parseMetricValue, thresholdColor, usableRules } from './kpi';

export interface BigNumberLine {
  text: string;
  /** Font size in px. */
  fontSize: number;
  /** The line's box height in px. */
  height: number;
}

export interface BigNumberTotalProps {
  /** The value, or null for no data. */
  bigNumber: number | null;
  header: BigNumberLine & { color?: string };
  subheader: BigNumberLine | null;
  subtitle: BigNumberLine | null;
  /** The metric's name above the number (show_metric_name). */
  metricName: BigNumberLine | null;
}

export type BigNumberTotalModel = HtmlModel<BigNumberTotalProps> & { kind: 'html' };

const num = (value: unknown, fallback: number) => {
  const n = Number(value);
  return value === null || value === undefined || value === '' || Number.isNaN(n) ? fallback : n;
};

export function transformProps({ formData, queriesData, width, height, datasource }: TransformInput<FormData>): BigNumberTotalModel {
  const { data = [], coltypes = [] } = queriesData[0] ?? { data: [], coltypes: [] };
  const metric = (formData.metric ?? 'value') as QueryMetric;
  const metricName = getMetricLabel(metric);
  const bigNumber = data.length === 0 ? null : parseMetricValue(data[0][metricName]);
  const { headerFormatter } = headerFormatterFor({ formData, datasource, metricColtype: coltypes[0] });

  const headerText = bigNumber === null ? NO_DATA : headerFormatter(bigNumber);
  const rules = usableRules(formData.conditional_formatting);
  // Superset: black without rules; with rules, the matching rule's colour or the default text colour.
  const color = rules.length > 0 ? thresholdColor(rules, bigNumber) : undefined;

  const headerHeight = Math.ceil(num(formData.header_font_size, 0.4) * height);
  const subheaderShare = num(formData.subheader_font_size, 0.15);
  const subtitleShare = num(formData.subtitle_font_size, subheaderShare);

  const subheaderText = bigNumber === null ? NO_DATA_OR_HASNT_LANDED : String(formData.subheader ?? '');
  const subtitleText = bigNumber === null ? '' : String(formData.subtitle ?? '').trim();
  const line = (text: string, share: number): BigNumberLine | null => {
    if (!text) return null;
    const h = Math.ceil(share * height);
    return { text, height: h, fontSize: fitFontSize(text, width, h) };
  };

  return {
    kind: 'html',
    width,
    height,
    props: {
      bigNumber,
      header: { text: headerText, height: headerHeight, fontSize: fitFontSize(headerText, width - 8, headerHeight), color },
      subheader: line(subheaderText, subheaderShare),
      subtitle: line(subtitleText, subtitleShare),
      metricName: formData.show_metric_name ? line(metricDisplayName(metric, datasource), num(formData.metric_name_font_size, 0.15)) : null,
    },
  };
}
