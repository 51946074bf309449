/**
 * 'Save chart': overwrite the chart open (its owners and admins only) or save as a new one, with
 * a name and optionally a dashboard (existing, or a new name). Afterwards Explore opens the saved
 * chart, or its dashboard ('Save & go to dashboard'), with the spec's toast.
 */
import { useNavigate } from '@remix-run/react';
import { useState } from 'react';
import { getClientError } from '~/lib/client-error';
import { dangerToast, successToast } from '~/lib/toasts';
import { loadViz } from '~/viz/registry';
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';
import { Input } from '~/ui/primitives/input';
import { showToast } from '~/ui/toasts';
import type { ExploreChrome } from '../types';
import { DashboardPicker, type DashboardChoice } from './dashboard-picker';
import { saveChart } from './save-flow';

export const NO_EDIT_PERMISSION = 'You do not have permission to edit this chart.';

type Props = { open: boolean; onClose: () => void; chrome: ExploreChrome; csrfToken: string };

export function canOverwriteChart(chrome: Pick<ExploreChrome, 'slice' | 'user'>): boolean {
  return Boolean(chrome.slice) && (chrome.user.isAdmin || (chrome.slice?.owners ?? []).some((o) => o.id === chrome.user.id));
}

export function SaveModal({ open, onClose, chrome, csrfToken }: Props) {
  const navigate = useNavigate();
  const canOverwrite = canOverwriteChart(chrome);
  const [action, setAction] = useState<'overwrite' | 'saveas'>(canOverwrite ? 'overwrite' : 'saveas');
  const [name, setName] = useState(chrome.slice?.slice_name ?? '');
  const [dashboard, setDashboard] = useState<DashboardChoice | null>(null);
  const [busy, setBusy] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);

  const save = async (goToDashboard: boolean) => {
    const sliceName = name.trim();
    if (!sliceName) {
      setNameError('Chart name is required');
      return;
    }
    setBusy(true);
    try {
      const plugin = await loadViz(chrome.formData.viz_type);
      if (!plugin) throw new Error(`There is no chart type "${chrome.formData.viz_type}".`);
      const result = await saveChart({
        csrfToken,
        user: { id: chrome.user.id, isAdmin: chrome.user.isAdmin },
        action: canOverwrite ? action : 'saveas',
        sliceId: chrome.slice?.slice_id ?? null,
        sliceName,
        formData: chrome.formData,
        dashboard,
        buildQuery: (formData) => plugin.buildQuery(formData),
      });
      const overwrote = canOverwrite && action === 'overwrite';
      showToast(successToast(overwrote ? `Chart [${sliceName}] has been overwritten` : `Chart [${sliceName}] has been saved`));
      if (result.dashboardCreated && result.dashboard) {
        showToast(successToast(`Dashboard [${result.dashboard.dashboard_title}] just got created and chart [${sliceName}] was added to it`));
      }
      onClose();
      navigate(goToDashboard && result.dashboard ? `/superset/dashboard/${result.dashboard.id}/` : `/explore/?slice_id=${result.chartId}`);
    } catch (e) {
      const error = await getClientError(e);
      showToast(dangerToast(error.status === 403 ? NO_EDIT_PERMISSION : `Sorry, there was an error saving this chart: ${error.error}`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? () => {} : onClose} title="Save chart" width={600}>
      <form className="mt-4 space-y-4" onSubmit={(e) => {
        e.preventDefault();
        void save(false);
      }}>
        <fieldset>
          <legend className="sr-only">Save action</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            <label className={`flex items-center gap-1.5 ${canOverwrite ? '' : 'opacity-60'}`}>
              <input type="radio" name="save-action" value="overwrite" checked={canOverwrite && action === 'overwrite'} disabled={!canOverwrite}
                onChange={() => setAction('overwrite')} aria-describedby={chrome.slice && !canOverwrite ? 'save-chart-no-permission' : undefined} />
              Save (Overwrite)
            </label>
            <label className="flex items-center gap-1.5">
              <input type="radio" name="save-action" value="saveas" checked={!canOverwrite || action === 'saveas'} onChange={() => setAction('saveas')} />
              Save as...
            </label>
          </div>
          {chrome.slice && !canOverwrite && (
            <p id="save-chart-no-permission" className="mt-1 text-sm text-slate-600 dark:text-slate-300">{NO_EDIT_PERMISSION}</p>
          )}
        </fieldset>
        <Input id="save-chart-name" label="Chart name" required value={name} error={nameError} autoComplete="off"
          onChange={(e) => {
            setName(e.target.value);
            if (e.target.value.trim()) setNameError(null);
          }} />
        <DashboardPicker id="save-chart-dashboard" value={dashboard} onChange={setDashboard} csrfToken={csrfToken} userId={chrome.user.id} isAdmin={chrome.user.isAdmin} />
        <DialogActions className="pt-2">
          <Button type="button" onClick={onClose} disabled={busy}>Cancel</Button>
          <Button type="button" disabled={busy || !dashboard || !name.trim()} onClick={() => void save(true)}>Save &amp; go to dashboard</Button>
          <Button type="submit" variant="primary" disabled={busy || !name.trim()}>Save</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
