/**
 * One page of a dataset's rows from POST /datasource/samples: the Samples tab (body `{}`) and
 * drill to detail (the chart's and the point's filters). The request runs when `enabled` turns
 * true and again when the payload, page or dataset change; an answer that arrives after a newer
 * request was made is dropped, so paging quickly never shows an older page.
 */
import { useEffect, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import { samplesUrl, type SamplesPayload } from '~/lib/explore/drill';
import { requestJson } from '~/ui/request-json';
import { useShell } from '~/ui/use-shell';
import type { TableRow } from './table-text';

export type SamplesPage = {
  rows: TableRow[];
  colnames: string[];
  coltypes: number[];
  /** Rows matching, over all pages. */
  total: number;
  page: number;
  perPage: number;
};

type SamplesAnswer = { result: { data: TableRow[]; colnames: string[]; coltypes: number[]; total_count: number; page: number; per_page: number } };

export type SamplesState =
  | { status: 'idle' }
  | { status: 'loading'; previous: SamplesPage | null }
  | { status: 'success'; page: SamplesPage }
  | { status: 'failed'; error: string };

export function useSamples(options: {
  datasource: { id: number; type: string } | null;
  payload: SamplesPayload | Record<string, never>;
  page: number;
  perPage: number;
  enabled: boolean;
}): SamplesState {
  const { datasource, payload, page, perPage, enabled } = options;
  const csrfToken = useShell()?.csrfToken ?? '';
  const [state, setState] = useState<SamplesState>({ status: 'idle' });
  // The payload's text is the dependency: a new object with the same filters asks nothing again.
  const body = JSON.stringify(payload);
  const id = datasource?.id;
  const type = datasource?.type;

  useEffect(() => {
    if (!enabled || id === undefined || type === undefined) return;
    let current = true;
    setState((s) => ({ status: 'loading', previous: s.status === 'success' ? s.page : s.status === 'loading' ? s.previous : null }));
    requestJson<SamplesAnswer>(csrfToken, samplesUrl({ id, type }, page, perPage), { method: 'POST', body: JSON.parse(body) as unknown })
      .then(({ body: answer }) => {
        if (!current) return;
        const r = answer.result;
        setState({ status: 'success', page: { rows: r.data, colnames: r.colnames, coltypes: r.coltypes, total: Number(r.total_count), page: r.page, perPage: r.per_page } });
      })
      .catch(async (error: unknown) => {
        const { error: message } = await getClientError(error);
        if (current) setState({ status: 'failed', error: message });
      });
    return () => {
      current = false;
    };
  }, [enabled, id, type, body, page, perPage, csrfToken]);

  return state;
}
