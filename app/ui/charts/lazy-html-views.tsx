/**
 * The HTML chart views (table, pivot table, big numbers, filter box) for pages that must stay small
 * (the dashboard). The server renders the real views into the page: its entry hands them in with
 * provideServerHtmlViews (app/entry.server.tsx), so no browser bundle imports them up front. In the
 * browser each view loads with import(); until it arrives, the server's markup stays as it came
 * (an element whose inner HTML React neither hydrates nor replaces), then the view renders over it.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type { HtmlModel } from '~/viz/types';
import type { HtmlViews } from './chart-frame';

type View = ComponentType<{ model: HtmlModel }>;
type Loader = () => Promise<{ default: unknown }>;

const LOADERS: Record<string, Loader> = {
  table: () => import('~/viz/table/view'),
  pivot_table_v2: () => import('~/viz/pivot-table/view'),
  big_number_total: () => import('~/viz/big-number-total/view'),
  big_number: () => import('~/viz/big-number/view'),
  filter_box: () => import('~/viz/filter-box/view'),
};

let serverViews: HtmlViews | null = null;

/** The server's entry hands in the statically imported views it renders pages with. */
export function provideServerHtmlViews(views: HtmlViews): void {
  serverViews = views;
}

function lazyView(type: string, load: Loader) {
  let loaded: View | null = null;
  return function LazyHtmlView({ model }: { model: HtmlModel }) {
    const [View, setView] = useState<View | null>(() => serverViews?.[type] ?? loaded);
    useEffect(() => {
      if (View) return;
      let cancelled = false;
      void load().then((module) => {
        loaded = module.default as View;
        if (!cancelled) setView(() => loaded);
      });
      return () => {
        cancelled = true;
      };
    }, [View]);
    if (View) return <div data-html-view=""><View model={model} /></div>;
    // The server's markup of the view stays as it came until the view's code is here.
    return <div data-html-view="" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />;
  };
}

export const LAZY_HTML_VIEWS: HtmlViews = Object.fromEntries(Object.entries(LOADERS).map(([type, load]) => [type, lazyView(type, load)]));
