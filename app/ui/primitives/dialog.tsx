/**
 * The one dialog frame: a dimmed backdrop, a centred panel, its title (which names the dialog for
 * assistive technology) and the actions row. Headless UI traps focus inside, closes on Escape and
 * on a click outside, and gives focus back to what opened it. Dialogs exist only once the page has
 * hydrated (they are opened by script); every task they offer has a plain form elsewhere.
 */
import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

export type DialogSize = 'md' | 'lg';
const WIDTHS: Record<DialogSize, string> = { md: 'max-w-md', lg: 'max-w-lg' };

type Props = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: DialogSize;
  /** A fixed width in px (the spec's 540, 600, 1090 px dialogs), capped by the viewport; overrides size. */
  width?: number;
  children: ReactNode;
};

export function Dialog({ open, onClose, title, size = 'md', width, children }: Props) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/30" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel style={width ? { maxWidth: `min(${width}px, 100%)` } : undefined} className={`w-full ${width ? '' : WIDTHS[size]} rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900`}>
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}

/** The row of buttons closing a dialog, the main action last. */
export function DialogActions({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`flex justify-end gap-2 ${className}`}>{children}</div>;
}
