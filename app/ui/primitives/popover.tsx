/**
 * The one popover: a button that opens a panel anchored to it (Explore's metric, filter, column and
 * formatter editors). Headless UI closes it on Escape and on a click outside and returns focus to
 * the button. The panel opens below the button when the button sits in the top 35% of the window,
 * above it in the bottom 35%, and on the side with more room in between (spec: popovers flip by
 * vertical position). Like dialogs, popovers exist only once the page has hydrated.
 */
import { Popover as HeadlessPopover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useState, type ReactNode } from 'react';

type Props = {
  /** What the opening button shows. */
  trigger: ReactNode;
  /** The opening button's accessible name, when its content is not text. */
  triggerLabel?: string;
  triggerClassName?: string;
  /** The panel's title: names the panel for assistive technology. */
  title: string;
  /** Width in px (the spec's 320, 350, 450, 600). */
  width?: number;
  /** The panel's body; `close` closes the popover (after Save, or on Close). */
  children: (close: () => void) => ReactNode;
  onClose?: () => void;
};

function placementFor(button: HTMLElement | null): 'bottom start' | 'top start' {
  if (!button || typeof window === 'undefined') return 'bottom start';
  const { top } = button.getBoundingClientRect();
  const share = top / window.innerHeight;
  if (share < 0.35) return 'bottom start';
  if (share > 0.65) return 'top start';
  return top < window.innerHeight / 2 ? 'bottom start' : 'top start';
}

export function Popover({ trigger, triggerLabel, triggerClassName, title, width = 320, children, onClose }: Props) {
  const [button, setButton] = useState<HTMLElement | null>(null);
  return (
    <HeadlessPopover className="relative">
      {({ open, close }) => (
        <>
          <PopoverButton ref={setButton} aria-label={triggerLabel} className={triggerClassName}>
            {trigger}
          </PopoverButton>
          {open && (
            <PopoverPanel
              anchor={{ to: placementFor(button), gap: 4, padding: 8 }}
              role="dialog"
              aria-label={title}
              style={{ width: `min(${width}px, calc(100vw - 16px))` }}
              className="z-40 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-xl dark:border-slate-700 dark:bg-slate-900"
            >
              <p className="mb-2 font-semibold">{title}</p>
              {children(() => {
                close();
                onClose?.();
              })}
            </PopoverPanel>
          )}
        </>
      )}
    </HeadlessPopover>
  );
}
