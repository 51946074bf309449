/**
 * 'Edit Chart Properties' of a saved chart: name, description, certification, cache timeout
 * (empty sent as null) and owners, saved with PUT /api/v1/chart/{id}. The server's field errors
 * show under their fields; anything else as an alert in the dialog, which stays open.
 */
import { useRevalidator } from '@remix-run/react';
import { useState } from 'react';
import { getClientError } from '~/lib/client-error';
import { successToast } from '~/lib/toasts';
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';
import { Input, TextArea } from '~/ui/primitives/input';
import { requestJson } from '~/ui/request-json';
import { showToast } from '~/ui/toasts';
import type { ExploreSlice } from '../types';
import { OwnersSelect, type Owner } from './owners-select';
import { buildPropertiesPayload } from './save-payload';

type Props = { open: boolean; onClose: () => void; slice: ExploreSlice; csrfToken: string };

const personName = (o: ExploreSlice['owners'][number]) => `${o.first_name} ${o.last_name}`.trim() || `User ${o.id}`;

/** `{message: {field: [..]}}` of a 400 or 422, read from a copy so getClientError can still read the answer. */
async function fieldErrorsOf(e: unknown): Promise<Record<string, string>> {
  if (!(e instanceof Response)) return {};
  try {
    const body = (await e.clone().json()) as { message?: unknown };
    if (!body.message || typeof body.message !== 'object' || Array.isArray(body.message)) return {};
    const out: Record<string, string> = {};
    for (const [field, messages] of Object.entries(body.message as Record<string, unknown>)) {
      if (Array.isArray(messages) && typeof messages[0] === 'string') out[field] = messages[0];
    }
    return out;
  } catch {
    return {};
  }
}

export function PropertiesModal({ open, onClose, slice, csrfToken }: Props) {
  const revalidator = useRevalidator();
  const [name, setName] = useState(slice.slice_name);
  const [description, setDescription] = useState(slice.description ?? '');
  const [cacheTimeout, setCacheTimeout] = useState(slice.cache_timeout === null ? '' : String(slice.cache_timeout));
  const [certifiedBy, setCertifiedBy] = useState(slice.certified_by ?? '');
  const [certificationDetails, setCertificationDetails] = useState(slice.certification_details ?? '');
  const [owners, setOwners] = useState<Owner[]>(slice.owners.map((o) => ({ id: o.id, name: personName(o) })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const built = buildPropertiesPayload({ sliceName: name, description, cacheTimeout, certifiedBy, certificationDetails, owners: owners.map((o) => o.id) });
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await requestJson(csrfToken, `/api/v1/chart/${slice.slice_id}`, { method: 'PUT', body: built.body });
      showToast(successToast('Chart properties updated'));
      onClose();
      // The page's data (title, owners, certification) comes from the loader: read it again.
      revalidator.revalidate();
    } catch (e) {
      const fields = await fieldErrorsOf(e);
      const error = await getClientError(e);
      setErrors(fields);
      setFailure(error.status === 403 ? 'You do not have permission to edit this chart.' : error.error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? () => {} : onClose} title="Edit Chart Properties" width={600}>
      <form className="mt-4 space-y-4" onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}>
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Basic information</h3>
        <Input id="chart-properties-name" label="Name" required value={name} error={errors.slice_name} onChange={(e) => setName(e.target.value)} />
        <TextArea id="chart-properties-description" label="Description" rows={3} value={description} error={errors.description}
          hint="The description can be displayed as widget headers in the dashboard view. Supports markdown."
          onChange={(e) => setDescription(e.target.value)} />
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Certification</h3>
        <Input id="chart-properties-certified-by" label="Certified by" value={certifiedBy} error={errors.certified_by}
          hint="Person or group that has certified this chart." onChange={(e) => setCertifiedBy(e.target.value)} />
        <Input id="chart-properties-certification-details" label="Certification details" value={certificationDetails} error={errors.certification_details}
          hint="Any additional detail to show in the certification tooltip." onChange={(e) => setCertificationDetails(e.target.value)} />
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Configuration</h3>
        <Input id="chart-properties-cache-timeout" label="Cache timeout" inputMode="numeric" value={cacheTimeout} error={errors.cache_timeout}
          hint="Duration (in seconds) of the caching timeout for this chart. Set to -1 to bypass the cache. Empty uses the dataset's timeout."
          onChange={(e) => setCacheTimeout(e.target.value)} />
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Access</h3>
        <OwnersSelect id="chart-properties-owners" value={owners} onChange={setOwners} csrfToken={csrfToken} />
        {errors.owners && <p className="text-sm text-rose-700 dark:text-rose-300">{errors.owners}</p>}
        {failure && <p role="alert" className="rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100">{failure}</p>}
        <DialogActions className="pt-2">
          <Button type="button" onClick={onClose} disabled={busy}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={busy}>Save</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
