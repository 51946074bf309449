/**
 * SQL Lab's one layout, filled by the server-rendered page (plain forms) and by the hydrated
 * editor alike, so the page does not change under the user when JavaScript arrives: the tabs,
 * the left bar, and beside it the toolbar over the editor and results panes, filling the window
 * (the page itself never scrolls; the panes do). Below 768 px the left bar stacks above the
 * editor (server) or opens over it (hydrated).
 */
import type { ReactNode } from 'react';

type Props = { tabs: ReactNode; leftBar: ReactNode; toolbar: ReactNode; panes: ReactNode; notice?: ReactNode };

export function SqlLabFrame({ tabs, leftBar, toolbar, panes, notice }: Props) {
  return (
    <section aria-labelledby="sqllab-title" className="flex h-full min-h-0 flex-col gap-2" data-testid="sqllab">
      <h1 id="sqllab-title" className="sr-only">SQL Lab</h1>
      {tabs}
      {notice}
      <div className="relative flex min-h-0 flex-1 flex-col gap-3 md:flex-row">
        {leftBar}
        <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-2">
          {toolbar}
          {panes}
        </div>
      </div>
    </section>
  );
}

/** The left bar opened over the editor on a narrow screen (hydrated only). */
export const LEFT_BAR_OVERLAY_CLASS =
  'max-md:absolute max-md:inset-y-0 max-md:left-0 max-md:z-30 max-md:w-72 max-md:max-w-[85vw] max-md:border-r max-md:border-slate-200 max-md:bg-white max-md:p-3 max-md:shadow-lg dark:max-md:border-slate-800 dark:max-md:bg-slate-950';
