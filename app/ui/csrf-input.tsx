import { useShell } from './use-shell';

/** The hidden CSRF field every mutating form carries. */
export function CsrfInput() {
  const shell = useShell();
  return <input type="hidden" name="csrf_token" value={shell?.csrfToken ?? ''} />;
}
