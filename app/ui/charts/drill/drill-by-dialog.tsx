/**
 * Drill by: the chart's metrics regrouped by another column, under the chart's filters and the
 * point's, asked of the chart data API and shown as a table (Superset redraws the chart; a table
 * answers the same question without a second renderer).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import type { ChartDataResult, QueryObject } from '~/lib/chart-data/types';
import { getClientError } from '~/lib/client-error';
import { DRILL_BY_ROW_LIMIT, drillByColumns, drillByQueryContext, type DrillFilter } from '~/lib/explore/drill';
import { DataTable } from '~/ui/explore/data-pane/data-table';
import type { TableRow } from '~/ui/explore/data-pane/table-text';
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';
import { Select } from '~/ui/primitives/select';
import { requestJson } from '~/ui/request-json';
import { useShell } from '~/ui/use-shell';
import type { VizDatasource } from '~/viz/types';
import { FilterPills } from './filter-pills';

type Props = {
  open: boolean;
  onClose: () => void;
  chartName: string;
  datasource: VizDatasource | null;
  formData: Record<string, unknown>;
  base: QueryObject | null;
  filters: DrillFilter[];
};

type State = { status: 'idle' } | { status: 'loading' } | { status: 'success'; result: ChartDataResult } | { status: 'failed'; error: string };

export function DrillByDialog({ open, onClose, chartName, datasource, formData, base, filters }: Props) {
  const csrfToken = useShell()?.csrfToken ?? '';
  const selectId = useId();
  const columns = useMemo(() => drillByColumns(datasource?.columns ?? [], filters), [datasource, filters]);
  const [column, setColumn] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });
  // A new point keeps the chosen column when it is still on offer, else takes the first.
  useEffect(() => {
    setColumn((current) => (columns.some((c) => c.column_name === current) ? current : (columns[0]?.column_name ?? '')));
  }, [columns]);

  useEffect(() => {
    if (!open || !datasource || !column) return;
    let current = true;
    setState({ status: 'loading' });
    const context = drillByQueryContext({ id: datasource.id, type: datasource.type }, base, formData, column, filters);
    requestJson<{ result: ChartDataResult[] }>(csrfToken, '/api/v1/chart/data', { method: 'POST', body: context })
      .then(({ body }) => {
        if (current) setState({ status: 'success', result: body.result[0] });
      })
      .catch(async (error: unknown) => {
        const { error: message } = await getClientError(error);
        if (current) setState({ status: 'failed', error: message });
      });
    return () => {
      current = false;
    };
  }, [open, datasource, column, base, formData, filters, csrfToken]);

  return (
    <Dialog open={open} onClose={onClose} title={`Drill by: ${chartName}`} width={900}>
      <div className="mt-4 space-y-3">
        <FilterPills filters={filters} />
        {columns.length === 0 ? (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">No columns left to group by</p>
        ) : (
          <Select id={selectId} label="Group by column" layout="inline" value={column} onChange={(e) => setColumn(e.target.value)}>
            {columns.map((c) => <option key={c.column_name} value={c.column_name}>{c.verbose_name || c.column_name}</option>)}
          </Select>
        )}
        {state.status === 'failed' && <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">{state.error}</p>}
        {state.status === 'loading' && <p role="status" className="text-sm text-slate-600 dark:text-slate-300">Loading…</p>}
        {state.status === 'success' && state.result && (
          <DataTable label="Drill by results" searchLabel="Search drill by results" columns={state.result.colnames} coltypes={state.result.coltypes}
            rows={state.result.data as TableRow[]} limit={DRILL_BY_ROW_LIMIT} />
        )}
      </div>
      <DialogActions className="mt-4">
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
