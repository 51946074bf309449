import { Form, useLocation } from '@remix-run/react';
import type { Theme } from '~/lib/shell';
import { CsrfInput } from './csrf-input';
import { Button } from './primitives/button';
import { Icon, type IconName } from './primitives/icon';
import { Tooltip } from './primitives/tooltip';
import { useShell } from './use-shell';

const NEXT: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };
const LABEL: Record<Theme, string> = { system: 'System theme', light: 'Light theme', dark: 'Dark theme' };
const ICON: Record<Theme, IconName> = { system: 'theme-system', light: 'sun', dark: 'moon' };

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
      <Tooltip content={`${LABEL[shell.theme]}: switch to ${LABEL[next].toLowerCase()}`}>
        <Button type="submit" variant="ghost" size="icon">
          <Icon name={ICON[shell.theme]} className="h-5 w-5" />
          <span className="sr-only">{`${LABEL[shell.theme]}. Switch to ${LABEL[next].toLowerCase()}`}</span>
        </Button>
      </Tooltip>
    </Form>
  );
}
