/**
 * The controls that edit in a popover or modal: the time range, annotation layers, the table's
 * column config, conditional formatting and the time-series table's columns. Each lives in
 * app/ui/explore/popovers/ with its pure rules in app/lib/explore/.
 */
import type { ControlType } from '~/viz/types';
import type { ControlComponent } from '../control-registry';
import { AnnotationLayerControl } from '../popovers/annotation-layer-control';
import { ColumnConfigControl } from '../popovers/column-config-control';
import { ConditionalFormattingControl } from '../popovers/conditional-formatting-control';
import { DateFilterControl } from '../popovers/date-filter-control';
import { TimeSeriesColumnControl } from '../popovers/time-series-column-control';

export const POPOVER_CONTROLS: Partial<Record<ControlType, ControlComponent>> = {
  DateFilterControl,
  AnnotationLayerControl,
  ColumnConfigControl,
  ConditionalFormattingControl,
  TimeSeriesColumnControl,
};
