/** Copies an absolute link to the clipboard with the spec's toasts; rendered once JavaScript runs (it needs the clipboard). */
import { dangerToast, successToast } from '~/lib/toasts';
import { showToast } from '../toasts';
import { useHydrated } from '../use-hydrated';

export const COPIED = 'Copied to clipboard!';
export const COPY_UNSUPPORTED = 'Sorry, your browser does not support copying. Use Ctrl / Cmd + C!';

export function CopyLinkButton({ path, label, className }: { path: string; label: string; className?: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(new URL(path, window.location.origin).toString());
      showToast(successToast(COPIED));
    } catch {
      showToast(dangerToast(COPY_UNSUPPORTED));
    }
  };
  return <button type="button" onClick={() => void copy()} className={className}>{label}</button>;
}
