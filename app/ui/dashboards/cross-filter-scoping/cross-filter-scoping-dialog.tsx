/**
 * 'Cross-filtering scoping' (issue 14): which charts the dashboard's cross-filters reach. The
 * global scoping applies to every chart that emits cross-filters (all charts by default; some can
 * be left out); a chart can instead have a scoping of its own. Opened from the filter bar's
 * settings by editors, loaded with import() (the page's first load carries none of it).
 *
 * It reads the dashboard's json_metadata when it opens, and on Save reads it again and PUTs it back
 * with only chart_configuration and global_chart_configuration changed (scoping.ts), so keys
 * another editor saved meanwhile survive. A failed save shows the spec's danger toast.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { emitsCrossFilters } from '~/lib/dashboard/cross-filter-selection';
import type { DashboardLayout } from '~/lib/dashboard/layout';
import type { ScopeOptions } from '~/lib/dashboard/native-filters/scope';
import { parseStoredObject } from '~/lib/safe-json';
import { dangerToast } from '~/lib/toasts';
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';
import { requestJson } from '~/ui/request-json';
import { showToast } from '~/ui/toasts';
import { useShell } from '~/ui/use-shell';
import { updateStoredMetadata } from '~/ui/dashboards/stored-metadata';
import { reachedBy, readScoping, scopingMetadata, type CrossFilterScoping } from './scoping';

export const SAVE_FAILED = 'Failed to save cross-filter scoping';
const LOAD_FAILED = 'The dashboard’s cross-filter scoping could not be loaded.';

export type ScopingChart = { id: number; name: string; vizType?: string };

export type CrossFilterScopingDialogProps = {
  dashboardId: number;
  layout: DashboardLayout;
  /** The dashboard's charts (with their types, the charts that emit no cross-filters get no scoping of their own). */
  charts: readonly ScopingChart[];
  open: boolean;
  onClose: () => void;
  /** After a save: the page redraws its charts under the new scoping. */
  onSaved: () => void;
};

type DashboardAnswer = { result: { json_metadata: string | null } };

const GLOBAL = 'global';

function ChartChecklist({ legend, charts, checked, disabled, onToggle }: {
  legend: string;
  charts: readonly ScopingChart[];
  checked: (id: number) => boolean;
  disabled?: boolean;
  onToggle: (id: number, on: boolean) => void;
}) {
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {charts.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No other charts</p> : (
        <ul className="max-h-72 space-y-1 overflow-y-auto">
          {charts.map((chart) => (
            <li key={chart.id}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={checked(chart.id)} onChange={(event) => onToggle(chart.id, event.target.checked)} />
                <span className="truncate">{chart.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

export default function CrossFilterScopingDialog({ dashboardId, layout, charts, open, onClose, onSaved }: CrossFilterScopingDialogProps) {
  const csrfToken = useShell()?.csrfToken ?? '';
  const navId = useId();
  const [scoping, setScoping] = useState<CrossFilterScoping | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | typeof GLOBAL>(GLOBAL);
  const [saving, setSaving] = useState(false);
  const chartIds = useMemo(() => charts.map((c) => c.id), [charts]);
  const options = useMemo<ScopeOptions>(() => ({ vizTypes: Object.fromEntries(charts.map((c) => [c.id, c.vizType])) }), [charts]);
  const emitters = charts.filter((c) => !c.vizType || emitsCrossFilters(c.vizType));
  // Read when the dialog opens: a re-render of the page with new arrays does not reload it (and lose the edits).
  const inputs = useRef({ layout, chartIds, options });
  inputs.current = { layout, chartIds, options };

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setScoping(null);
    setLoadError(null);
    setSelected(GLOBAL);
    requestJson<DashboardAnswer>(csrfToken, `/api/v1/dashboard/${dashboardId}`, { signal: controller.signal })
      .then(({ body }) => {
        const { layout: shown, chartIds: ids, options: scopeOptions } = inputs.current;
        setScoping(readScoping(shown, parseStoredObject(body.result.json_metadata), ids, scopeOptions));
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoadError(LOAD_FAILED);
      });
    return () => controller.abort();
  }, [open, csrfToken, dashboardId]);

  const save = async () => {
    if (!scoping) return;
    setSaving(true);
    try {
      await updateStoredMetadata(csrfToken, dashboardId, (stored) => scopingMetadata(layout, stored, scoping, chartIds, options));
      onSaved();
      onClose();
    } catch {
      showToast(dangerToast(SAVE_FAILED));
    } finally {
      setSaving(false);
    }
  };

  const setGlobal = (id: number, on: boolean) =>
    setScoping((s) => s && { ...s, globalExcluded: on ? s.globalExcluded.filter((x) => x !== id) : [...s.globalExcluded, id] });
  const setCustom = (chartId: number, excluded: number[] | null) =>
    setScoping((s) => {
      if (!s) return s;
      const { [chartId]: _old, ...custom } = s.custom;
      return { ...s, custom: excluded ? { ...custom, [chartId]: excluded } : custom };
    });

  const chart = selected === GLOBAL ? null : charts.find((c) => c.id === selected) ?? null;
  let pane = null;
  if (scoping && !chart) {
    pane = (
      <ChartChecklist legend="Charts cross-filters reach" charts={charts} checked={(id) => !scoping.globalExcluded.includes(id)} onToggle={setGlobal} />
    );
  } else if (scoping && chart) {
    const own = scoping.custom[chart.id];
    const others = charts.filter((c) => c.id !== chart.id);
    const reached = new Set(reachedBy(scoping, chart.id, chartIds));
    pane = (
      <div className="space-y-3">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={!own}
            onChange={(event) => setCustom(chart.id, event.target.checked ? null : scoping.globalExcluded.filter((id) => id !== chart.id))} />
          <span>Use the global scoping</span>
        </label>
        <ChartChecklist legend={`Charts ${chart.name} filters`} charts={others} disabled={!own} checked={(id) => reached.has(id)}
          onToggle={(id, on) => setCustom(chart.id, on ? (own ?? []).filter((x) => x !== id) : [...(own ?? []), id])} />
      </div>
    );
  }

  const navItem = (key: number | typeof GLOBAL, label: string, custom: boolean) => (
    <li key={key}>
      <button type="button" aria-current={selected === key ? 'true' : undefined} onClick={() => setSelected(key)}
        className={`w-full truncate rounded px-2 py-1 text-left text-sm ${selected === key ? 'bg-slate-200 font-medium dark:bg-slate-700' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}>
        {label}{custom && <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">(custom)</span>}
      </button>
    </li>
  );

  return (
    <Dialog open={open} onClose={saving ? () => undefined : onClose} title="Cross-filtering scoping" width={720}>
      <div className="mt-4 flex min-h-64 gap-4">
        <nav aria-labelledby={navId} className="w-56 shrink-0 border-r border-slate-200 pr-3 dark:border-slate-700">
          <p id={navId} className="mb-1 text-xs font-semibold uppercase text-slate-600 dark:text-slate-400">Scoping of</p>
          <ul className="space-y-0.5">
            {navItem(GLOBAL, 'All charts (global scoping)', false)}
            {emitters.map((c) => navItem(c.id, c.name, Boolean(scoping?.custom[c.id])))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          {loadError ? <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">{loadError}</p>
            : scoping ? pane : <p role="status" className="text-sm">Loading…</p>}
        </div>
      </div>
      <DialogActions className="mt-6">
        <Button onClick={onClose} disabled={saving}>Cancel</Button>
        <Button variant="primary" onClick={() => void save()} disabled={!scoping || saving}>{saving ? 'Saving…' : 'Save'}</Button>
      </DialogActions>
    </Dialog>
  );
}
