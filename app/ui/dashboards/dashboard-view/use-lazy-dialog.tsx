/**
 * A dialog whose code loads with import() the first time it is opened: the page's first load
 * carries none of it. Answers how to open it and the element to render (null until loaded).
 */
import { useState, type ComponentType, type ReactElement } from 'react';

export type LazyDialogProps = { open: boolean; onClose: () => void };

export function useLazyDialog<P extends LazyDialogProps>(
  load: () => Promise<{ default: ComponentType<P> }>,
): { open: () => void; render: (props: Omit<P, keyof LazyDialogProps>) => ReactElement | null } {
  const [Dialog, setDialog] = useState<ComponentType<P> | null>(null);
  const [isOpen, setOpen] = useState(false);
  const open = () => {
    setOpen(true);
    if (!Dialog) void load().then((module) => setDialog(() => module.default));
  };
  const render = (props: Omit<P, keyof LazyDialogProps>) =>
    Dialog ? <Dialog {...({ ...props, open: isOpen, onClose: () => setOpen(false) } as P)} /> : null;
  return { open, render };
}
