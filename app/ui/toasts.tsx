import { useEffect, useState } from 'react';
import type { Toast, ToastType } from '~/lib/toasts';
import { addToast, removeToast } from '~/lib/toasts';
import { Icon } from './primitives/icon';

const STYLES: Record<ToastType, string> = {
  INFO_TOAST: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100',
  SUCCESS_TOAST: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100',
  WARNING_TOAST: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  DANGER_TOAST: 'border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100',
};

type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();

/** Shows a toast from client code (fetchers, editors); server code flashes them through the session instead. */
export function showToast(toast: Toast) {
  for (const listener of listeners) listener(toast);
}

function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  useEffect(() => {
    if (toast.duration <= 0) return;
    const timer = setTimeout(onClose, toast.duration);
    return () => clearTimeout(timer);
  }, [toast.duration, onClose]);
  return (
    <div role={toast.toastType === 'DANGER_TOAST' ? 'alert' : 'status'} data-toast-type={toast.toastType}
      className={`pointer-events-auto flex items-start gap-3 rounded-md border px-4 py-3 text-sm shadow ${STYLES[toast.toastType]}`}>
      <p className="flex-1">{toast.text}</p>
      {/* Not the Button primitive: it takes the toast's own colours. */}
      <button type="button" onClick={onClose} className="rounded p-0.5 opacity-70 hover:opacity-100" aria-label="Dismiss notification">
        <Icon name="close" className="h-4 w-4" />
      </button>
    </div>
  );
}

export function Toasts({ initial }: { initial: Toast[] }) {
  const [toasts, setToasts] = useState<Toast[]>(initial);
  useEffect(() => {
    setToasts((list) => initial.reduce(addToast, list));
  }, [initial]);
  useEffect(() => {
    const listener: Listener = (toast) => setToasts((list) => addToast(list, toast));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  if (toasts.length === 0) return null;
  return (
    <div aria-live="polite" className="pointer-events-none fixed bottom-4 right-4 z-50 flex w-96 max-w-[calc(100vw-2rem)] flex-col gap-2">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} onClose={() => setToasts((list) => removeToast(list, t.id))} />
      ))}
    </div>
  );
}
