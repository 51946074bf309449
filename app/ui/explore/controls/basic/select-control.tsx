/**
 * Select-like controls: SelectControl (single or multi, choices fixed or from the dataset,
 * free-form and clearable as configured), and the selects of time grains, number formats and time
 * formats, which are the same select with their config's choices.
 */
import { useMemo } from 'react';
import { choicesToOptions, type OptionValue } from '~/lib/explore/select-options';
import { controlChoices } from '~/viz/shared/controls';
import { MultiSelectBox, SelectBox } from '../../select-box';
import type { ControlProps } from '../../types';
import { controlAria } from './control-aria';

/** A multi-select's stored value as a list (Superset stores a single value for one item at times). */
export function asValueList(value: unknown): OptionValue[] {
  if (value === null || value === undefined || value === '') return [];
  return (Array.isArray(value) ? value : [value]) as OptionValue[];
}

export function SelectControl(props: ControlProps<OptionValue | OptionValue[] | null>) {
  const { id, config, value, onChange, context } = props;
  const options = useMemo(() => choicesToOptions(controlChoices(config, context)), [config, context]);
  const aria = controlAria(props);
  const common = {
    id,
    options,
    freeForm: config.freeForm,
    invalid: aria['aria-invalid'],
    describedBy: aria['aria-describedby'],
  };
  if (config.multi) return <MultiSelectBox {...common} value={asValueList(value)} onChange={onChange} />;
  return (
    <SelectBox
      {...common}
      value={Array.isArray(value) ? (value[0] ?? null) : value}
      onChange={onChange}
      // Superset's selects are clearable unless told otherwise.
      clearable={config.clearable ?? true}
    />
  );
}

/** Time grain: the grains the config lists (the engine's), clearable. */
export const TimeGrainControl = SelectControl;

/** A d3 number format: the spec's choices, or one typed in. */
export function NumberFormatControl(props: ControlProps<OptionValue | OptionValue[] | null>) {
  return <SelectControl {...props} config={{ ...props.config, freeForm: props.config.freeForm ?? true }} />;
}

/** A d3 time format: the spec's choices, or one typed in. */
export const TimeFormatControl = NumberFormatControl;
