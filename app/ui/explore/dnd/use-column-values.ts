/**
 * A column's distinct values for the filter editor's value list: GET
 * /api/v1/datasource/{type}/{id}/column/{column}/values/. A newer request aborts the one before
 * (spec section 7) and a failure gives an empty list: the user can still type values.
 */
import { useEffect, useState } from 'react';
import { parseLossless } from '~/lib/sql/lossless-json';

export type ColumnValues = { values: unknown[]; loading: boolean };

export function columnValuesUrl(datasource: { type: string; id: number }, column: string): string {
  return `/api/v1/datasource/${encodeURIComponent(datasource.type)}/${datasource.id}/column/${encodeURIComponent(column)}/values/`;
}

export function useColumnValues(datasource: { type: string; id: number } | null, column: string | null): ColumnValues {
  const [state, setState] = useState<ColumnValues>({ values: [], loading: false });
  const type = datasource?.type;
  const id = datasource?.id;
  useEffect(() => {
    if (!type || id === undefined || !column) {
      setState({ values: [], loading: false });
      return;
    }
    const controller = new AbortController();
    setState({ values: [], loading: true });
    // requestJson takes no AbortSignal; a GET needs no CSRF header, so fetch directly.
    fetch(columnValuesUrl({ type, id }, column), { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const body = parseLossless(await response.text()) as { result?: unknown };
        setState({ values: Array.isArray(body?.result) ? body.result : [], loading: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ values: [], loading: false });
      });
    return () => controller.abort();
  }, [type, id, column]);
  return state;
}
