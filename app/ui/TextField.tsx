import type { InputHTMLAttributes } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & { name: string; label: string; error?: string };

/** A labelled input with its error tied to it for screen readers. */
export function TextField({ name, label, error, id, className, ...rest }: Props) {
  const inputId = id ?? `field-${name}`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium">{label}</label>
      <input id={inputId} name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? `${inputId}-error` : undefined}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm aria-[invalid]:border-rose-500 dark:border-slate-700 dark:bg-slate-900"
        {...rest} />
      {error && <p id={`${inputId}-error`} className="mt-1 text-sm text-rose-700 dark:text-rose-300">{error}</p>}
    </div>
  );
}
