/**
 * The ids the control panel gives a control's texts, so a control ties them to its input without
 * knowing how the panel draws them: the label `${id}-label`, the description `${id}-description`,
 * the error lines `${id}-error`.
 */
import type { ControlProps } from '../../types';

export const labelIdOf = (id: string) => `${id}-label`;
export const descriptionIdOf = (id: string) => `${id}-description`;
export const errorIdOf = (id: string) => `${id}-error`;

/** The control has a description the panel draws (an empty string is none). */
export const hasDescription = (description: string | undefined): description is string => Boolean(description && description.trim());

/** `aria-describedby` and `aria-invalid` for a control's main input. */
export function controlAria({ id, config, errors }: Pick<ControlProps, 'id' | 'config' | 'errors'>, extraIds: string[] = []) {
  const ids = [hasDescription(config.description) ? descriptionIdOf(id) : '', errors.length ? errorIdOf(id) : '', ...extraIds].filter(Boolean);
  return { 'aria-describedby': ids.length ? ids.join(' ') : undefined, 'aria-invalid': errors.length ? (true as const) : undefined };
}
