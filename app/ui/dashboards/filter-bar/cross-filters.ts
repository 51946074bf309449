/**
 * Cross-filters in the browser's data mask (issue 14): a chart's click sets its mask (the chart's
 * id as a string), a removal or an empty selection takes it out. The other masks stay as they are.
 */
import { crossFilterDataMask } from '~/lib/dashboard/native-filters/data-mask';
import type { DataMaskMap, SelectValue } from '~/lib/dashboard/native-filters/types';

export function withCrossFilter(dataMask: DataMaskMap, chartId: number, selection: Readonly<Record<string, readonly SelectValue[]>> | null): DataMaskMap {
  const { [String(chartId)]: _replaced, ...rest } = dataMask;
  const mask = selection ? crossFilterDataMask(chartId, selection) : null;
  return mask && Object.keys(mask.extraFormData ?? {}).length > 0 ? { ...rest, [String(chartId)]: mask } : rest;
}
