/**
 * The UI's icons: inline SVG drawn in `currentColor`, so they follow the text colour and the dark
 * theme, print, and need no font or request. Decorative by default (hidden from screen readers:
 * the button or link around names the action); give `label` when the icon alone carries meaning.
 */
import type { ReactNode } from 'react';

const SHAPES = {
  'arrow-left': <path d="M19 12H5M11 6l-6 6 6 6" />,
  'chevron-down': <path d="M6 9l6 6 6-6" />,
  'chevron-right': <path d="M9 6l6 6-6 6" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  eye: (
    <>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  link: <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />,
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  moon: <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />,
  'more-vertical': (
    <>
      <circle cx="12" cy="5" r="1.25" fill="currentColor" />
      <circle cx="12" cy="12" r="1.25" fill="currentColor" />
      <circle cx="12" cy="19" r="1.25" fill="currentColor" />
    </>
  ),
  plus: <path d="M12 5v14M5 12h14" />,
  'panel-left': (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M9 4v16" />
    </>
  ),
  sort: <path d="M8 9l4-4 4 4M8 15l4 4 4-4" />,
  'sort-asc': <path d="M12 7l5 8H7z" fill="currentColor" />,
  'sort-desc': <path d="M12 17l5-8H7z" fill="currentColor" />,
  stop: <path d="M7 6h10a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1z" fill="currentColor" />,
  sun: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  'theme-system': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 3a9 9 0 0 0 0 18z" fill="currentColor" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof SHAPES;
export const ICON_NAMES = Object.keys(SHAPES) as IconName[];

type Props = {
  name: IconName;
  /** Only for an icon that is the sole carrier of its meaning; otherwise the icon is hidden from assistive technology. */
  label?: string;
  /** Size and colour; 1em by default, so the icon scales with the text beside it. */
  className?: string;
};

export function Icon({ name, label, className = 'h-[1em] w-[1em]' }: Props) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round"
      focusable="false" className={`shrink-0 ${className}`} {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
      {SHAPES[name]}
    </svg>
  );
}
