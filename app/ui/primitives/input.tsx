/**
 * A labelled text input (and its multi-line sibling) with a hint and an error line: a native
 * `<input>` / `<textarea>`, so it posts with its form without JavaScript. The id defaults to
 * `field-<name>`; the hint and error are `<id>-hint` and `<id>-error` (field.tsx).
 */
import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { controlAria, controlClass, FieldFrame, inlineControlClass, type FieldLayout, type FieldTexts } from './field';

type Common = FieldTexts & {
  id?: string;
  name?: string;
  layout?: FieldLayout;
  /** The wrapper's classes (grid span, width). */
  className?: string;
  /** Added to the control's classes (a monospace font, a fixed width). */
  controlClassName?: string;
};

function useFieldId(id: string | undefined, name: string | undefined): string {
  const generated = useId();
  return id ?? (name ? `field-${name}` : generated);
}

const classOf = (layout: FieldLayout, extra?: string) => [layout === 'inline' ? inlineControlClass : controlClass, extra].filter(Boolean).join(' ');

export type InputProps = Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'className'>;

export function Input({ id, name, label, hint, error, errorRole, layout = 'stacked', className, controlClassName, 'aria-describedby': extra, ...rest }: InputProps) {
  const inputId = useFieldId(id, name);
  return (
    <FieldFrame id={inputId} label={label} hint={hint} error={error} errorRole={errorRole} layout={layout} className={className}>
      <input id={inputId} name={name} {...controlAria(inputId, { hint, error }, extra)} className={classOf(layout, controlClassName)} {...rest} />
    </FieldFrame>
  );
}

export type TextAreaProps = Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'className'>;

export function TextArea({ id, name, label, hint, error, errorRole, layout = 'stacked', className, controlClassName, 'aria-describedby': extra, ...rest }: TextAreaProps) {
  const inputId = useFieldId(id, name);
  return (
    <FieldFrame id={inputId} label={label} hint={hint} error={error} errorRole={errorRole} layout={layout} className={className}>
      <textarea id={inputId} name={name} {...controlAria(inputId, { hint, error }, extra)} className={classOf(layout, controlClassName)} {...rest} />
    </FieldFrame>
  );
}
