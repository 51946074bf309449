/**
 * A labelled native `<select>` with a hint and an error line: it posts with its form and opens the
 * platform's own list without JavaScript (Headless UI's Listbox would need it). Ids as in input.tsx.
 */
import { useId, type SelectHTMLAttributes } from 'react';
import { controlAria, controlClass, FieldFrame, inlineControlClass, type FieldLayout, type FieldTexts } from './field';

export type SelectProps = FieldTexts & {
  id?: string;
  name?: string;
  layout?: FieldLayout;
  className?: string;
  controlClassName?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name' | 'className'>;

export function Select({ id, name, label, hint, error, errorRole, layout = 'stacked', className, controlClassName, children, 'aria-describedby': extra, ...rest }: SelectProps) {
  const generated = useId();
  const selectId = id ?? (name ? `field-${name}` : generated);
  return (
    <FieldFrame id={selectId} label={label} hint={hint} error={error} errorRole={errorRole} layout={layout} className={className}>
      <select id={selectId} name={name} {...controlAria(selectId, { hint, error }, extra)}
        className={[layout === 'inline' ? inlineControlClass : controlClass, controlClassName].filter(Boolean).join(' ')} {...rest}>
        {children}
      </select>
    </FieldFrame>
  );
}
