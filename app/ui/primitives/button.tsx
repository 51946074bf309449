/**
 * Buttons: a real `<button>` (type "button" unless told "submit"), so one inside a plain HTML form
 * posts it without JavaScript. Headless UI's Button adds the hover, focus and active states as
 * data attributes; the focus ring is the global `:focus-visible` outline of app/tailwind.css.
 * `buttonClass` styles what must stay a link or an `<a download>` but looks like a button.
 */
import { Button as HeadlessButton, type ButtonProps as HeadlessButtonProps } from '@headlessui/react';
import { forwardRef, type ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'danger-outline' | 'ghost';
export type ButtonSize = 'xs' | 'sm' | 'md' | 'icon';

const BASE = 'inline-flex items-center justify-center gap-1.5 rounded-md font-medium disabled:cursor-not-allowed disabled:opacity-50';
const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:hover:bg-brand-600',
  secondary: 'border border-slate-300 hover:bg-slate-100 disabled:hover:bg-transparent dark:border-slate-700 dark:hover:bg-slate-800',
  danger: 'bg-rose-600 text-white hover:bg-rose-700 disabled:hover:bg-rose-600',
  'danger-outline':
    'border border-rose-300 text-rose-700 hover:bg-rose-50 disabled:hover:bg-transparent dark:border-rose-800 dark:text-rose-300 dark:hover:bg-rose-950',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white',
};
const SIZES: Record<ButtonSize, string> = {
  xs: 'px-3 py-1 text-xs',
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2 text-sm',
  icon: 'p-1.5 text-sm',
};

/** The classes of a button of this variant and size, with the caller's own (layout, margins) last. */
export function buttonClass(variant: ButtonVariant = 'secondary', size: ButtonSize = 'md', extra?: string): string {
  return [BASE, VARIANTS[variant], SIZES[size], extra].filter(Boolean).join(' ');
}

/** A text link (in lists, forms' "Cancel", row actions). */
export const linkClass = 'text-brand-700 underline-offset-2 hover:underline dark:text-brand-100';

type Props = Omit<HeadlessButtonProps<'button'>, 'className' | 'as' | 'children'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children?: ReactNode;
};

export const Button = forwardRef<HTMLButtonElement, Props>(function Button({ variant = 'secondary', size = 'md', className, ...props }, ref) {
  return <HeadlessButton ref={ref} className={buttonClass(variant, size, className)} {...props} />;
});
