/**
 * The frame every form control of the primitives shares: a visible label, the control, a hint and
 * an error line, tied together by ids in the server's HTML. Headless UI's Field, Label and
 * Description connect `aria-labelledby` and `aria-describedby` in an effect, so a page used
 * without JavaScript would lose them; here the ids are plain props (`<id>-hint`, `<id>-error`).
 */
import type { ReactNode } from 'react';

export const labelClass = 'block text-sm font-medium';
/** A control under its label, full width. */
export const controlClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm aria-[invalid]:border-rose-500 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900';
/** A compact control beside its label, in a toolbar or a results header. */
export const inlineControlClass =
  'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm aria-[invalid]:border-rose-500 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900';
export const errorClass = 'mt-1 text-sm text-rose-700 dark:text-rose-300';
export const hintClass = 'mt-1 text-xs text-slate-600 dark:text-slate-400';

export type FieldLayout = 'stacked' | 'inline';

/** What a field shows besides its control; `errorRole: 'alert'` announces an error checked as the user types. */
export type FieldTexts = { label: ReactNode; hint?: ReactNode; error?: string | null; errorRole?: 'alert' };

/** The control's `aria-describedby`: the caller's own ids, then the hint, then the error. */
export function describedBy(id: string, { hint, error, extra }: { hint?: ReactNode; error?: string | null; extra?: string }): string | undefined {
  const ids = [extra, hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The ARIA a control carries for its field. */
export function controlAria(id: string, texts: Pick<FieldTexts, 'hint' | 'error'>, extra?: string) {
  return { 'aria-invalid': texts.error ? true : undefined, 'aria-describedby': describedBy(id, { ...texts, extra }) };
}

export function FieldMessages({ id, hint, error, errorRole }: { id: string } & Omit<FieldTexts, 'label'>) {
  return (
    <>
      {hint && <p id={`${id}-hint`} className={hintClass}>{hint}</p>}
      {error && <p id={`${id}-error`} role={errorRole} className={errorClass}>{error}</p>}
    </>
  );
}

/**
 * Stacked: the label above the control, messages below. Inline: the label wraps the control on
 * one line (no id needed to name it), messages below.
 */
export function FieldFrame({ id, label, hint, error, errorRole, layout = 'stacked', className, children }: FieldTexts & {
  id: string;
  layout?: FieldLayout;
  className?: string;
  children: ReactNode;
}) {
  if (layout === 'inline') {
    return (
      <div className={className}>
        <label htmlFor={id} className="flex items-center gap-2 text-sm">
          <span>{label}</span>
          {children}
        </label>
        <FieldMessages id={id} hint={hint} error={error} errorRole={errorRole} />
      </div>
    );
  }
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>{label}</label>
      {children}
      <FieldMessages id={id} hint={hint} error={error} errorRole={errorRole} />
    </div>
  );
}
