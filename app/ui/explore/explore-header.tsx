/**
 * The chart's header on the hydrated Explore page: the title, the favourite star and the
 * certification of a saved chart, Save (the save modal), and the actions menu: edit properties,
 * view query, share (permalink, embed code), download (CSV, JSON, Excel, PNG) and run in SQL Lab.
 * The no-JS page keeps its own plain forms for the same actions (route.tsx).
 */
import { MenuHeading, MenuSection, MenuSeparator } from '@headlessui/react';
import { useCallback, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import { dangerToast, successToast } from '~/lib/toasts';
import { loadViz } from '~/viz/registry';
import { Button, buttonClass } from '~/ui/primitives/button';
import { Menu, MenuAction } from '~/ui/primitives/menu';
import { requestJson } from '~/ui/request-json';
import { showToast } from '~/ui/toasts';
import { useShell } from '~/ui/use-shell';
import { copyText, downloadChartImage, postForm } from './header/browser-actions';
import { FavoriteStar } from './header/favorite-star';
import { PropertiesModal } from './header/properties-modal';
import { SaveModal } from './header/save-modal';
import { datasourceOf } from './header/save-payload';
import { EXPLORE_HANDOFF_INTENT, SQL_LAB_HANDOFF_ACTION } from './dataset-dialogs/sql-lab-handoff';
import { EmbedCodeModal, ViewQueryModal } from './header/text-modals';
import type { ExploreChrome } from './types';

export type ExploreHeaderProps = {
  chrome: ExploreChrome;
  /** The chart's box, for the PNG download. */
  chartElement: () => HTMLElement | null;
};

type Open = 'save' | 'properties' | 'query' | 'embed' | null;

const DOWNLOADS = [
  ['csv', 'Export to .CSV'],
  ['json', 'Export to .JSON'],
  ['xlsx', 'Export to Excel'],
] as const;

const headingClass = 'px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400';

export function ExploreHeader({ chrome, chartElement }: ExploreHeaderProps) {
  const csrfToken = useShell()?.csrfToken ?? '';
  const [open, setOpen] = useState<Open>(null);
  const { slice, user, formData } = chrome;
  const title = slice?.slice_name || 'Untitled chart';
  const hasDataset = datasourceOf(formData) !== null;
  const close = useCallback(() => setOpen(null), []);

  const makePermalink = useCallback(async () => {
    const state = { formData: { ...formData, ...(slice ? { slice_id: slice.slice_id } : {}) }, urlParams: null };
    const { body } = await requestJson<{ url: string }>(csrfToken, '/api/v1/explore/permalink', { method: 'POST', body: state });
    return body.url;
  }, [csrfToken, formData, slice]);

  const copyPermalink = async () => {
    try {
      await copyText(await makePermalink());
      showToast(successToast('Link Copied!'));
    } catch (e) {
      showToast(dangerToast((await getClientError(e)).error));
    }
  };

  // Downloads post the chart's query context to the chart data API, as the no-JS page's forms do.
  const download = async (format: (typeof DOWNLOADS)[number][0]) => {
    const plugin = await loadViz(formData.viz_type);
    if (!plugin) {
      showToast(dangerToast(`There is no chart type "${formData.viz_type}".`));
      return;
    }
    const queryContext = { ...plugin.buildQuery(formData), result_format: format, result_type: 'full' };
    // CSV and Excel arrive as attachments, so the page stays; JSON is shown, so in a tab of its own.
    postForm('/api/v1/chart/data', { csrf_token: csrfToken, form_data: JSON.stringify(queryContext) }, format === 'json' ? '_blank' : undefined);
  };

  const downloadImage = async () => {
    try {
      await downloadChartImage(chartElement(), title);
    } catch (e) {
      showToast(dangerToast((await getClientError(e)).error));
    }
  };

  // The chart's own SQL in a new SQL Lab tab on the chart's database, through the handoff 'View in SQL Lab' uses.
  const runInSqlLab = () =>
    postForm(SQL_LAB_HANDOFF_ACTION, { intent: EXPLORE_HANDOFF_INTENT, csrf_token: csrfToken, datasourceKey: String(formData.datasource ?? ''), sql: chrome.sql });
  // A chart on a SQL Lab query is saved once the query is a dataset (Superset asks the same).
  const onQuery = chrome.datasource?.type === 'query';

  return (
    <header className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex min-w-0 items-center gap-2">
        <h1 className="truncate text-xl font-semibold">{title}</h1>
        {slice && <FavoriteStar key={slice.slice_id} chartId={slice.slice_id} csrfToken={csrfToken} />}
        {slice?.certified_by && (
          <span role="img" aria-label={`Certified by ${slice.certified_by}`} title={[`Certified by ${slice.certified_by}`, slice.certification_details].filter(Boolean).join('\n')}
            className="inline-flex items-center rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
            Certified
          </span>
        )}
      </div>
      <div className="flex items-center gap-2">
        {user.canSaveChart && (
          <Button
            type="button" variant="primary" size="sm" disabled={!hasDataset || onQuery} onClick={() => setOpen('save')}
            title={onQuery ? 'Save the query as a dataset first: Dataset actions, Save as dataset.' : undefined}
          >
            Save
          </Button>
        )}
        <Menu label="Chart actions" trigger="…" triggerClassName={buttonClass('secondary', 'sm')} anchor="bottom end" width="w-60">
          {slice && <MenuAction onClick={() => setOpen('properties')}>Edit chart properties</MenuAction>}
          <MenuAction onClick={() => setOpen('query')}>View query</MenuAction>
          {user.canSqlLab && hasDataset && <MenuAction onClick={runInSqlLab}>Run in SQL Lab</MenuAction>}
          {hasDataset && (
            <>
              <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
              <MenuSection>
                <MenuHeading className={headingClass}>Share</MenuHeading>
                <MenuAction onClick={() => void copyPermalink()}>Copy permalink to clipboard</MenuAction>
                <MenuAction onClick={() => setOpen('embed')}>Embed code</MenuAction>
              </MenuSection>
            </>
          )}
          {user.canDownload && hasDataset && (
            <>
              <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
              <MenuSection>
                <MenuHeading className={headingClass}>Download</MenuHeading>
                {DOWNLOADS.map(([format, label]) => <MenuAction key={format} onClick={() => void download(format)}>{label}</MenuAction>)}
                <MenuAction onClick={() => void downloadImage()}>Download as image</MenuAction>
              </MenuSection>
            </>
          )}
        </Menu>
      </div>
      {open === 'save' && <SaveModal open onClose={close} chrome={chrome} csrfToken={csrfToken} />}
      {open === 'properties' && slice && <PropertiesModal open onClose={close} slice={slice} csrfToken={csrfToken} />}
      <ViewQueryModal open={open === 'query'} onClose={close} sql={chrome.sql} />
      <EmbedCodeModal open={open === 'embed'} onClose={close} makePermalink={makePermalink} />
    </header>
  );
}
