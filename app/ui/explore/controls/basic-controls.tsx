/**
 * The simple controls (select, checkbox, text, slider, colour scheme, …), one component per
 * control type, each in app/ui/explore/controls/basic/. How the panel labels each kind is here
 * too, beside the components that put the ids where the label expects them.
 */
import type { ControlType } from '~/viz/types';
import type { ControlComponent } from '../control-registry';
import { ColorPickerControl, ColorSchemeControl } from './basic/color-controls';
import { BoundsControl, CurrencyControl, FixedOrMetricControl, NumericRangeControl } from './basic/composite-controls';
import { NumberFormatControl, SelectControl, TimeFormatControl, TimeGrainControl } from './basic/select-control';
import { CheckboxControl, HiddenControl, RadioButtonControl, SliderControl, TextAreaControl, TextControl } from './basic/simple-controls';

export const BASIC_CONTROLS: Partial<Record<ControlType, ControlComponent>> = {
  SelectControl,
  TimeGrainControl,
  NumberFormatControl,
  TimeFormatControl,
  CheckboxControl,
  TextControl,
  TextAreaControl,
  SliderControl,
  RadioButtonControl,
  ColorSchemeControl,
  ColorPickerControl,
  CurrencyControl,
  BoundsControl,
  NumericRangeControl,
  FixedOrMetricControl,
  HiddenControl,
};

/**
 * How the panel labels a control of a type:
 * - 'for': a `<label for={id}>` (the control puts `id` on its input, button or combobox input);
 * - 'group': the label is text with id `${id}-label`, and the control's element with `id` is a
 *   group or radio group that names itself with `aria-labelledby` (several inputs, one name);
 * - 'inline': a checkbox, its label beside it;
 * - 'none': nothing drawn (hidden controls).
 * Types not listed (the popover controls) are 'for'.
 */
export type LabelMode = 'for' | 'group' | 'inline' | 'none';

const LABEL_MODES: Partial<Record<ControlType, LabelMode>> = {
  CheckboxControl: 'inline',
  RadioButtonControl: 'group',
  ColorPickerControl: 'group',
  CurrencyControl: 'group',
  BoundsControl: 'group',
  NumericRangeControl: 'group',
  FixedOrMetricControl: 'group',
  HiddenControl: 'none',
  // The drag-and-drop selectors are groups naming themselves by `${id}-label` (app/ui/explore/dnd).
  MetricsControl: 'group',
  MetricControl: 'group',
  ColumnsControl: 'group',
  XAxisControl: 'group',
  AdhocFilterControl: 'group',
};

export function labelModeOf(type: ControlType): LabelMode {
  return LABEL_MODES[type] ?? 'for';
}
