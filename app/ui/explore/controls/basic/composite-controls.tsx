/**
 * Controls of two or more inputs, each a group the panel's label names: currency (position and
 * symbol), bounds and numeric range ([min, max], empty or non-numeric ends as null) and fixed or
 * metric (a collapsible panel choosing a fixed number or a saved metric; emits {type, value}).
 */
import { useId, useMemo, useState } from 'react';
import { getCurrencySymbol } from '~/lib/format/currency-format';
import type { SelectOption } from '~/lib/explore/select-options';
import { inlineControlClass } from '~/ui/primitives/field';
import { Icon } from '~/ui/primitives/icon';
import { SelectBox } from '../../select-box';
import type { ControlProps } from '../../types';
import { controlAria, labelIdOf } from './control-aria';
import { useDebounced } from './use-debounced';
import { useDraft } from './use-draft';
import {
  CURRENCY_CODES,
  FIXED_TYPE,
  fixedOrMetricSummary,
  fixedOrMetricValue,
  METRIC_TYPE,
  numericText,
  pairFromTexts,
  readCurrency,
  readFixedOrMetric,
  textsFromPair,
  type CurrencyValue,
  type FixedOrMetricValue,
  type NumericPair,
} from './values';

/** The group element a composite control's inputs sit in, named by the panel's label. */
function groupProps(props: Pick<ControlProps, 'id' | 'config' | 'errors'>) {
  const aria = controlAria(props);
  return { id: props.id, role: 'group', 'aria-labelledby': labelIdOf(props.id), 'aria-describedby': aria['aria-describedby'] };
}

const POSITION_OPTIONS: SelectOption[] = [
  { value: 'prefix', label: 'Prefix' },
  { value: 'suffix', label: 'Suffix' },
];

const CURRENCY_OPTIONS: SelectOption[] = CURRENCY_CODES.map((code) => ({ value: code, label: `${getCurrencySymbol(code)} (${code})` }));

export function CurrencyControl(props: ControlProps<CurrencyValue>) {
  const { id, value, onChange } = props;
  const currency = readCurrency(value);
  return (
    <div {...groupProps(props)} className="mt-1 grid grid-cols-2 gap-2">
      <SelectBox id={`${id}-position`} ariaLabel="Currency prefix or suffix" placeholder="Prefix or suffix" options={POSITION_OPTIONS} clearable
        value={currency.symbolPosition ?? null} onChange={(next) => onChange({ ...currency, symbolPosition: next as CurrencyValue['symbolPosition'] })} />
      <SelectBox id={`${id}-symbol`} ariaLabel="Currency symbol" placeholder="Currency" options={CURRENCY_OPTIONS} clearable searchable
        value={currency.symbol ?? null} onChange={(next) => onChange({ ...currency, symbol: (next as string | null) ?? null })} />
    </div>
  );
}

/** Two number inputs for [min, max]; `debounce` ms before emitting (the numeric range's 300). */
function PairInputs({ props, debounce, inputType }: { props: ControlProps<NumericPair>; debounce: number; inputType: 'number' | 'text' }) {
  const { id, value, onChange } = props;
  const [texts, setTexts] = useDraft(value, textsFromPair);
  const emit = useDebounced(onChange, debounce);
  const change = (index: 0 | 1, text: string) => {
    const next: [string, string] = index === 0 ? [text, texts[1]] : [texts[0], text];
    const pair = pairFromTexts(next[0], next[1]);
    setTexts(next, pair);
    if (debounce > 0) emit(pair);
    else onChange(pair);
  };
  return (
    <div {...groupProps(props)} className="mt-1 flex items-center gap-2">
      {(['Min', 'Max'] as const).map((name, index) => (
        <input key={name} id={index === 0 ? `${id}-min` : `${id}-max`} aria-label={name} placeholder={name} type={inputType}
          inputMode={inputType === 'text' ? 'decimal' : undefined} value={texts[index]} onChange={(e) => change(index as 0 | 1, e.target.value)}
          className={`${inlineControlClass} w-full min-w-0`} />
      ))}
    </div>
  );
}

/** Axis bounds: [min, max], an empty end null (the data decides it). */
export function BoundsControl(props: ControlProps<NumericPair>) {
  return <PairInputs props={props} debounce={0} inputType="number" />;
}

/** A numeric range with Min and Max inputs: non-numeric input becomes null; emits 300 ms after typing stops. */
export function NumericRangeControl(props: ControlProps<NumericPair>) {
  return <PairInputs props={props} debounce={300} inputType="text" />;
}

/**
 * Fixed or metric: a header button showing the current choice opens a panel with two options, a
 * fixed number (default 100) or a saved metric of the dataset. Switching the option or editing
 * either value emits the new pair.
 */
export function FixedOrMetricControl(props: ControlProps<FixedOrMetricValue>) {
  const { id, value, onChange, datasource } = props;
  const current = readFixedOrMetric(value);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // Both halves are remembered while the other is chosen, so switching back restores them.
  const [fixedText, setFixedText] = useState(current.type === FIXED_TYPE ? numericText(current.value) : '');
  const [metric, setMetric] = useState<unknown>(current.type === METRIC_TYPE ? current.value : null);
  const metricOptions = useMemo<SelectOption[]>(
    () => (datasource?.metrics ?? []).map((m) => ({ value: m.metric_name, label: m.verbose_name || m.metric_name })),
    [datasource],
  );
  const emit = (type: typeof FIXED_TYPE | typeof METRIC_TYPE, text: string, chosen: unknown) => onChange(fixedOrMetricValue(type, text, chosen));
  const typeLabel = current.type === FIXED_TYPE ? 'Fixed' : 'Metric';
  return (
    <div {...groupProps(props)} className="mt-1 rounded-md border border-slate-300 dark:border-slate-700">
      <button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm">
        <span>
          {typeLabel}: {fixedOrMetricSummary(current)}
        </span>
        <Icon name={open ? 'chevron-down' : 'chevron-right'} />
      </button>
      <div id={panelId} hidden={!open} className="space-y-2 border-t border-slate-200 p-3 text-sm dark:border-slate-700">
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-type`} checked={current.type === FIXED_TYPE} onChange={() => emit(FIXED_TYPE, fixedText, metric)} />
          <span>Fixed</span>
        </label>
        <input type="text" inputMode="decimal" aria-label="Fixed value" value={fixedText} disabled={current.type !== FIXED_TYPE}
          onChange={(e) => {
            setFixedText(e.target.value);
            emit(FIXED_TYPE, e.target.value, metric);
          }}
          className={`${inlineControlClass} w-full`} />
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-type`} checked={current.type === METRIC_TYPE} onChange={() => emit(METRIC_TYPE, fixedText, metric)} />
          <span>Based on a metric</span>
        </label>
        <SelectBox id={`${id}-metric`} ariaLabel="Metric" placeholder="Select a metric" options={metricOptions} searchable disabled={current.type !== METRIC_TYPE}
          value={typeof metric === 'string' ? metric : null}
          onChange={(next) => {
            setMetric(next);
            emit(METRIC_TYPE, fixedText, next);
          }} />
      </div>
    </div>
  );
}
