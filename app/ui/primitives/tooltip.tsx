/**
 * A short text shown beside a control on hover and on keyboard focus, and read as the control's
 * description (`aria-describedby`, not its name). Showing is CSS, so it works before and without
 * JavaScript; with it, Escape hides the tip until the pointer or focus leaves (WCAG 1.4.13).
 * Headless UI 2.2 has no public tooltip. The trigger must be one element that accepts
 * `aria-describedby` (a button, a link).
 */
import { cloneElement, isValidElement, useId, useState, type ReactElement } from 'react';

type Placement = 'top' | 'bottom';
const PLACEMENTS: Record<Placement, string> = { top: 'bottom-full mb-1', bottom: 'top-full mt-1' };

/** The trigger's description ids: its own first, then the tip's. */
export function withDescription(own: string | undefined, tipId: string): string {
  return own ? `${own} ${tipId}` : tipId;
}

type Props = { content: string; placement?: Placement; children: ReactElement<{ 'aria-describedby'?: string }> };

export function Tooltip({ content, placement = 'bottom', children }: Props) {
  const id = useId();
  const [dismissed, setDismissed] = useState(false);
  const trigger = isValidElement(children) ? cloneElement(children, { 'aria-describedby': withDescription(children.props['aria-describedby'], id) }) : children;
  return (
    <span className="group/tooltip relative inline-flex" onKeyDown={(e) => e.key === 'Escape' && setDismissed(true)}
      onMouseLeave={() => setDismissed(false)} onBlur={() => setDismissed(false)}>
      {trigger}
      <span role="tooltip" id={id}
        className={`pointer-events-none absolute left-1/2 z-50 hidden -translate-x-1/2 whitespace-nowrap rounded bg-slate-900 px-2 py-1 text-xs font-normal text-white shadow group-hover/tooltip:block group-has-[:focus-visible]/tooltip:block dark:bg-slate-700 ${PLACEMENTS[placement]} ${dismissed ? '!hidden' : ''}`}>
        {content}
      </span>
    </span>
  );
}
