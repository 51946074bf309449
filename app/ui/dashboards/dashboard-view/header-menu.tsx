/**
 * The dashboard header's '⋯' menu, a <details> disclosure so it opens without JavaScript:
 * 'Refresh dashboard' (a GET form with force=true that keeps the page's parameters), 'Set
 * auto-refresh interval' (without scripts a GET form whose `refresh` parameter the page turns into
 * a meta refresh; with them a dialog applying it to this visit), 'Enter fullscreen' (the
 * standalone view) or 'Exit fullscreen', and, once hydrated, Share ('Copy permalink to
 * clipboard', 'Embed dashboard') and 'Download as image'.
 */
import { lazy, Suspense, useState } from 'react';
import { intervalOptions } from './auto-refresh';
import { REFRESH_PARAM } from './page-links';
import { useDisclosureClose } from './use-disclosure-close';

const HeaderDialog = lazy(() => import('./header-dialogs'));

export type HeaderMenuProps = {
  /** The page's URL parameters the forms carry along (tabs, permalink, standalone, refresh). */
  keep: readonly (readonly [string, string])[];
  hydrated: boolean;
  /** The auto-refresh interval in force, in seconds (0: none). */
  refreshFrequency: number;
  onRefreshFrequency: (seconds: number) => void;
  /** The fullscreen link: the standalone view, or back from it. */
  fullscreen: { href: string; entered: boolean };
  dashboardUrl: string;
  /** can_share_dashboard (dashboards.md §6): the Share group shows only with it. */
  canShare: boolean;
  onCopyPermalink: () => void;
  onDownloadImage: () => void;
};


export const menuItemClass = 'block w-full rounded px-3 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800';
export const menuPanelClass = 'absolute right-0 z-30 mt-1 w-64 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900';
export const menuSummaryClass =
  'flex cursor-pointer list-none items-center rounded px-1.5 py-0.5 text-lg leading-none text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden';
const headingClass = 'px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400';

function Hidden({ keep, except }: { keep: HeaderMenuProps['keep']; except?: string }) {
  return <>{keep.filter(([name]) => name !== except).map(([name, value], index) => <input key={`${name}-${index}`} type="hidden" name={name} value={value} />)}</>;
}

export function HeaderMenu(props: HeaderMenuProps) {
  const { keep, hydrated, refreshFrequency, fullscreen } = props;
  const { ref, close } = useDisclosureClose();
  const [dialog, setDialog] = useState<'refresh' | 'embed' | null>(null);
  const run = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <>
      <details ref={ref} className="relative">
        <summary aria-label="More dashboard actions" title="More dashboard actions" className={menuSummaryClass}>
          <span aria-hidden="true">⋯</span>
        </summary>
        <div className={menuPanelClass}>
          <form method="get" aria-label="Refresh dashboard">
            <Hidden keep={keep} />
            <input type="hidden" name="force" value="true" />
            <button type="submit" className={menuItemClass}>Refresh dashboard</button>
          </form>
          {hydrated ? (
            <button type="button" className={menuItemClass} onClick={run(() => setDialog('refresh'))}>Set auto-refresh interval</button>
          ) : (
            <details className="text-sm">
              <summary className={`${menuItemClass} cursor-pointer`}>Set auto-refresh interval</summary>
              <form method="get" aria-label="Set auto-refresh interval" className="flex items-center gap-2 px-3 py-1.5">
                <Hidden keep={keep} except={REFRESH_PARAM} />
                <select name={REFRESH_PARAM} aria-label="Refresh frequency" defaultValue={String(refreshFrequency)}
                  className="min-w-0 flex-1 rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-950">
                  {intervalOptions(refreshFrequency).map(([seconds, label]) => <option key={seconds} value={seconds}>{label}</option>)}
                </select>
                <button type="submit" className="rounded border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">Apply</button>
              </form>
            </details>
          )}
          <a href={fullscreen.href} className={menuItemClass}>{fullscreen.entered ? 'Exit fullscreen' : 'Enter fullscreen'}</a>
          {hydrated && (
            <>
              {props.canShare && (
                <>
                  <div role="separator" className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
                  <div role="group" aria-label="Share">
                    <p aria-hidden="true" className={headingClass}>Share</p>
                    <button type="button" className={menuItemClass} onClick={run(props.onCopyPermalink)}>Copy permalink to clipboard</button>
                    <button type="button" className={menuItemClass} onClick={run(() => setDialog('embed'))}>Embed dashboard</button>
                  </div>
                </>
              )}
              <div role="separator" className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
              <button type="button" className={menuItemClass} onClick={run(props.onDownloadImage)}>Download as image</button>
            </>
          )}
        </div>
      </details>
      {dialog && (
        <Suspense fallback={null}>
          <HeaderDialog which={dialog} onClose={() => setDialog(null)} frequency={refreshFrequency} onFrequency={props.onRefreshFrequency} dashboardUrl={props.dashboardUrl} />
        </Suspense>
      )}
    </>
  );
}
