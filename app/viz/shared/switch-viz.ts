/**
 * A chart type change (spec section 4): the new type's form data from the old one, keeping the
 * metrics, columns and filters the new type can take. Stub: the chart-type picker work fills
 * this in.
 */
import type { ControlPanel, FormData, VizDatasource } from '../types';

export function switchVizType(formData: FormData, _from: ControlPanel | null, _to: ControlPanel, toType: string, _datasource: VizDatasource | null): FormData {
  return { ...formData, viz_type: toType };
}
