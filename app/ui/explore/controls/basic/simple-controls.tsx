/**
 * The one-input controls: checkbox, text (plain or numeric), text area, slider, radio buttons and
 * the hidden control. Each puts the panel's `id` on its input, so the label names it.
 */
import { controlChoices } from '~/viz/shared/controls';
import { optionKey } from '~/lib/explore/select-options';
import { controlClass, errorClass } from '~/ui/primitives/field';
import type { ControlProps } from '../../types';
import { controlAria, labelIdOf } from './control-aria';
import { useDraft } from './use-draft';
import { numericText, parseNumericText } from './values';

export function CheckboxControl(props: ControlProps<boolean>) {
  const { id, value, onChange } = props;
  return (
    <input
      id={id}
      type="checkbox"
      checked={Boolean(value)}
      onChange={(e) => onChange(e.target.checked)}
      {...controlAria(props)}
      className="size-4 rounded border-slate-300 accent-brand-600"
    />
  );
}

/**
 * Text, or a number when the config says isInt / isFloat: the text typed stays on screen
 * (trailing '.' or '0' included) while the form data gets the number it parses to, or the text
 * with the checker's message under the input when it does not parse.
 */
export function TextControl(props: ControlProps<string | number | null>) {
  const { id, config, value, onChange, errors } = props;
  const mode = config.isInt ? 'int' : config.isFloat ? 'float' : null;
  const [text, setText] = useDraft(value, numericText);
  const ownError = mode ? parseNumericText(text, mode).error : null;
  // The checker's message joins the validators' (shown by the panel) unless it is one of them.
  const extraError = ownError && !errors.includes(ownError) ? ownError : null;
  const ownErrorId = `${id}-parse-error`;
  const aria = controlAria(props, extraError ? [ownErrorId] : []);
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode={mode === 'int' ? 'numeric' : mode === 'float' ? 'decimal' : undefined}
        value={text}
        onChange={(e) => {
          const next = e.target.value;
          const emitted = mode ? parseNumericText(next, mode).value : next;
          setText(next, emitted);
          onChange(emitted);
        }}
        {...aria}
        aria-invalid={aria['aria-invalid'] || (extraError ? true : undefined)}
        className={controlClass}
      />
      {extraError && (
        <p id={ownErrorId} className={errorClass}>
          {extraError}
        </p>
      )}
    </>
  );
}

export function TextAreaControl(props: ControlProps<string>) {
  const { id, value, onChange } = props;
  return <textarea id={id} rows={4} value={value ?? ''} onChange={(e) => onChange(e.target.value)} {...controlAria(props)} className={`${controlClass} font-mono`} />;
}

/** A range input between the config's min and max (step 1 unless set), its value shown beside it. */
export function SliderControl(props: ControlProps<number>) {
  const { id, config, value, onChange } = props;
  const min = config.min ?? 0;
  const max = config.max ?? 100;
  const current = typeof value === 'number' ? value : typeof config.default === 'number' ? config.default : min;
  return (
    <div className="mt-1 flex items-center gap-3">
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={config.step ?? 1}
        value={current}
        onChange={(e) => onChange(Number(e.target.value))}
        {...controlAria(props)}
        className="min-w-0 flex-1 accent-brand-600"
      />
      <output htmlFor={id} className="w-10 text-right text-sm tabular-nums">
        {current}
      </output>
    </div>
  );
}

/**
 * One of a few choices as radio buttons, in a group the label names. With no value yet the first
 * choice is the one shown checked, as Superset's.
 */
export function RadioButtonControl(props: ControlProps<string | number | boolean | null>) {
  const { id, config, value, onChange, context } = props;
  const choices = controlChoices(config, context);
  const current = value ?? choices[0]?.[0] ?? null;
  const aria = controlAria(props);
  return (
    <div id={id} role="radiogroup" aria-labelledby={labelIdOf(id)} aria-describedby={aria['aria-describedby']} aria-invalid={aria['aria-invalid']}
      className="mt-1 inline-flex flex-wrap overflow-hidden rounded-md border border-slate-300 text-sm dark:border-slate-700">
      {choices.map(([choice, label]) => {
        const checked = optionKey(choice) === optionKey(current);
        return (
          <label key={optionKey(choice)}
            className={`cursor-pointer px-3 py-1.5 has-[:focus-visible]:outline-2 ${checked ? 'bg-brand-600 text-white' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}>
            <input type="radio" name={id} className="sr-only" checked={checked} onChange={() => onChange(choice)} />
            {label}
          </label>
        );
      })}
    </div>
  );
}

/** Holds a value in form data without drawing anything. */
export function HiddenControl() {
  return null;
}
