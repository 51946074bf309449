/** Toasts (the specs' notices): kinds, default durations, and the no-duplicate rule. */
export type ToastType = 'INFO_TOAST' | 'SUCCESS_TOAST' | 'WARNING_TOAST' | 'DANGER_TOAST';

export type Toast = {
  id: string;
  toastType: ToastType;
  text: string;
  duration: number;
  noDuplicate: boolean;
};

export const TOAST_DURATIONS: Record<ToastType, number> = {
  INFO_TOAST: 4000,
  SUCCESS_TOAST: 4000,
  WARNING_TOAST: 6000,
  DANGER_TOAST: 8000,
};

let counter = 0;

export function createToast(toastType: ToastType, text: string, options: { duration?: number; noDuplicate?: boolean } = {}): Toast {
  counter += 1;
  return {
    id: `toast-${Date.now().toString(36)}-${counter}`,
    toastType,
    text,
    duration: options.duration ?? TOAST_DURATIONS[toastType],
    noDuplicate: options.noDuplicate ?? false,
  };
}

export const infoToast = (text: string, o?: { noDuplicate?: boolean }) => createToast('INFO_TOAST', text, o);
export const successToast = (text: string, o?: { noDuplicate?: boolean }) => createToast('SUCCESS_TOAST', text, o);
export const warningToast = (text: string, o?: { noDuplicate?: boolean }) => createToast('WARNING_TOAST', text, o);
export const dangerToast = (text: string, o?: { noDuplicate?: boolean }) => createToast('DANGER_TOAST', text, o);

/** Adds a toast to a list; a noDuplicate toast is dropped when one with the same text and kind is showing. */
export function addToast(list: Toast[], toast: Toast): Toast[] {
  if (toast.noDuplicate && list.some((t) => t.text === toast.text && t.toastType === toast.toastType)) return list;
  return [...list, toast];
}

export function removeToast(list: Toast[], id: string): Toast[] {
  return list.filter((t) => t.id !== id);
}
