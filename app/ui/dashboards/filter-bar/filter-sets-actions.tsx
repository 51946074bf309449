/**
 * Saving, updating and deleting filter sets (`/api/v1/dashboard/{id}/filtersets[/{id}]`): the
 * filter sets panel's hydrated half, loaded with import() so the page's first load carries none of
 * it. Each change ends with onChanged (the page loads the list again); a refusal shows the
 * server's words in a danger toast.
 */
import { useState, type FormEvent } from 'react';
import { getClientError } from '~/lib/client-error';
import type { DataMaskMap, NativeFilter } from '~/lib/dashboard/native-filters/types';
import { dangerToast } from '~/lib/toasts';
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';
import { Input } from '~/ui/primitives/input';
import { requestJson } from '~/ui/request-json';
import { showToast } from '~/ui/toasts';
import { useShell } from '~/ui/use-shell';
import type { FilterBarFilterSet } from './contract';
import type { FilterSetsPanelProps } from './filter-sets-panel';

const setsUrl = (dashboardId: number) => `/api/v1/dashboard/${dashboardId}/filtersets`;

/**
 * A set's json_metadata, as Superset's bar saves it: its name, the filters' configuration by id
 * (the server requires the key) and the data mask.
 */
export function setMetadata(name: string, configuration: readonly NativeFilter[] | undefined, dataMask: DataMaskMap): string {
  const nativeFilters = Object.fromEntries((configuration ?? []).map((filter) => [filter.id, filter]));
  return JSON.stringify({ name, nativeFilters, dataMask });
}

/** Runs a request; true when it succeeded, a danger toast with the server's message otherwise. */
async function attempt(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    showToast(dangerToast((await getClientError(error)).error));
    return false;
  }
}

type ActionProps = FilterSetsPanelProps & { set: FilterBarFilterSet };

/** 'Update' (the current data mask into the set) and 'Delete' (after a confirmation) for a set the user may change. */
export function SetActions({ dashboardId, set, currentDataMask, configuration, onChanged }: ActionProps) {
  const csrfToken = useShell()?.csrfToken ?? '';
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const url = `${setsUrl(dashboardId)}/${set.id}`;

  const run = async (request: () => Promise<unknown>) => {
    setBusy(true);
    const done = await attempt(request);
    setBusy(false);
    if (done) onChanged();
  };
  const update = () => run(() => requestJson(csrfToken, url, { method: 'PUT', body: { json_metadata: setMetadata(set.name, configuration, currentDataMask) } }));
  const remove = () => {
    setConfirming(false);
    void run(() => requestJson(csrfToken, url, { method: 'DELETE' }));
  };

  return (
    <>
      <Button size="xs" disabled={busy} onClick={() => void update()}>Update</Button>
      <Button size="xs" variant="danger-outline" disabled={busy} onClick={() => setConfirming(true)}>Delete</Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Delete filter set">
        <p className="mt-2 text-sm">Delete the filter set “{set.name}”? This cannot be undone.</p>
        <DialogActions className="mt-4">
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="danger" onClick={remove}>Delete</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** 'Create new filter set': asks a name, then saves the current data mask under it. */
export function CreateSet({ dashboardId, currentDataMask, configuration, canEditDashboard = true, onChanged }: FilterSetsPanelProps) {
  const csrfToken = useShell()?.csrfToken ?? '';
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setBusy(true);
    const body = {
      name: trimmed,
      // A viewer may only save a set of their own (the server then takes their id as the owner).
      ...(canEditDashboard ? { owner_type: 'Dashboard', owner_id: dashboardId } : { owner_type: 'User' }),
      json_metadata: setMetadata(trimmed, configuration, currentDataMask),
    };
    const done = await attempt(() => requestJson(csrfToken, setsUrl(dashboardId), { method: 'POST', body }));
    setBusy(false);
    if (!done) return;
    setNaming(false);
    setName('');
    onChanged();
  };

  if (!naming) {
    return <Button size="sm" className="mt-3" onClick={() => setNaming(true)}>Create new filter set</Button>;
  }
  return (
    <form className="mt-3 flex flex-col gap-2" onSubmit={(event) => void save(event)}>
      <Input label="Filter set name" name="filter_set_name" value={name} required maxLength={500} autoFocus
        onChange={(event) => setName(event.target.value)} />
      <div className="flex gap-2">
        <Button type="submit" variant="primary" size="sm" disabled={busy || name.trim() === ''}>Save</Button>
        <Button size="sm" onClick={() => { setNaming(false); setName(''); }}>Cancel</Button>
      </div>
    </form>
  );
}
