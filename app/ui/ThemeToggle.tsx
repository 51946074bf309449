import { Form, useLocation } from '@remix-run/react';
import type { Theme } from '~/lib/shell';
import { CsrfInput } from './CsrfInput';
import { useShell } from './use-shell';

const NEXT: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };
const LABEL: Record<Theme, string> = { system: 'System theme', light: 'Light theme', dark: 'Dark theme' };

/** Cycles system → light → dark; a plain form, so it works without JavaScript. Saved per user. */
export function ThemeToggle() {
  const shell = useShell();
  const location = useLocation();
  if (!shell?.user) return null;
  const next = NEXT[shell.theme];
  return (
    <Form method="post" action="/settings" className="contents">
      <CsrfInput />
      <input type="hidden" name="intent" value="set-theme" />
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="next" value={location.pathname + location.search} />
      <button type="submit" title={`${LABEL[shell.theme]}: switch to ${LABEL[next].toLowerCase()}`}
        className="rounded-md px-2 py-2 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800">
        <span aria-hidden="true">{shell.theme === 'dark' ? '☾' : shell.theme === 'light' ? '☀' : '◐'}</span>
        <span className="sr-only">{`${LABEL[shell.theme]}. Switch to ${LABEL[next].toLowerCase()}`}</span>
      </button>
    </Form>
  );
}
