import { describedBy, errorClass } from './primitives/field';

type Option = { value: string; label: string; checked: boolean };

type Props = {
  name: string;
  legend: string;
  options: Option[];
  error?: string;
  hint?: string;
};

/** A fieldset of checkboxes sharing one name; the error and hint are tied to the group for screen readers. */
export function CheckboxGroup({ name, legend, options, error, hint }: Props) {
  const id = `group-${name}`;
  return (
    <fieldset aria-describedby={describedBy(id, { hint, error })}>
      <legend className="text-sm font-medium">{legend}</legend>
      {hint && <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">{hint}</p>}
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" name={name} value={option.value} defaultChecked={option.checked}
              className="h-4 w-4 rounded border-slate-300 text-brand-600 dark:border-slate-600 dark:bg-slate-900" />
            {option.label}
          </label>
        ))}
      </div>
      {error && <p id={`${id}-error`} className={errorClass}>{error}</p>}
    </fieldset>
  );
}
