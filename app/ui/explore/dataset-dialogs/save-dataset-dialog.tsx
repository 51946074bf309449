/**
 * The Save or Overwrite Dataset dialog (explore.md sections 2, 4 and 7), for any caller with a
 * query: Explore's query datasource today, SQL Lab's results later. 'Save as new' creates a
 * virtual dataset on the SQL; 'Overwrite existing' picks one of the user's own datasets and, after
 * 'Are you sure you want to overwrite this dataset?', gives it the SQL (its columns synced with
 * what the SQL returns). Either way Explore then opens on the dataset with the chart's form data
 * stored under a key (or a raw table of the query's columns when there is no chart).
 */
import { useNavigate } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import {
  canSaveDataset, DATASET_NAME_MAX, exploreUrlForDataset, exploreUrlForKey, formDataStateBody, newDatasetBody, overwriteDatasetBody,
  overwriteDatasetUrl, savedDatasetFormData, type DatasetSource, type OwnedDataset, type SaveDatasetMode, type SavedColumn,
} from '~/lib/explore/dataset-save';
import { dangerToast, successToast } from '~/lib/toasts';
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';
import { Input } from '~/ui/primitives/input';
import { requestJson } from '~/ui/request-json';
import { showToast } from '~/ui/toasts';
import { useShell } from '~/ui/use-shell';
import { OwnedDatasetPicker } from './owned-dataset-picker';

export const DATASET_SAVED = 'The dataset has been saved';
export const DATASET_SAVE_FAILED = 'An error occurred saving dataset';
export const OVERWRITE_CONFIRM = 'Are you sure you want to overwrite this dataset?';

export type SaveOrOverwriteDatasetDialogProps = {
  open: boolean;
  onClose: () => void;
  sql: string;
  databaseId: number;
  schema: string | null;
  /** JSON text of the template parameters, or null. */
  templateParams: string | null;
  /** The proposed name (defaultDatasetName in app/lib/explore/dataset-save.ts). */
  defaultName: string;
  /** The chart to reopen on the saved dataset (Explore); absent, a raw table of `columns` (SQL Lab). */
  formData?: Record<string, unknown> | null;
  /** The query's result columns: the overwrite sends them, the raw table shows them. */
  columns?: SavedColumn[] | null;
  /** Explore opens in a new window (SQL Lab's way) instead of this one (Explore's). */
  openInNewWindow?: boolean;
};

type Step = 'choose' | 'confirm-overwrite';

type FormProps = {
  mode: SaveDatasetMode;
  onMode: (mode: SaveDatasetMode) => void;
  name: string;
  onName: (name: string) => void;
  /** The picker (a live combobox in the browser). */
  picker: React.ReactNode;
  error: string | null;
};

/** The first step's fields: two radios, each with its own input. Server-renderable (tested so). */
export function SaveDatasetChoice({ mode, onMode, name, onName, picker, error }: FormProps) {
  const id = useId();
  return (
    <fieldset className="mt-4 space-y-3">
      <legend className="sr-only">Save or overwrite</legend>
      <div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="radio" name={`${id}-mode`} value="save-new" checked={mode === 'save-new'} onChange={() => onMode('save-new')} />
          Save as new
        </label>
        <Input id={`${id}-name`} label="Dataset name" className="ml-6 mt-1" maxLength={DATASET_NAME_MAX} value={name}
          disabled={mode !== 'save-new'} onChange={(e) => onName(e.target.value)} error={error} errorRole="alert" />
      </div>
      <div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="radio" name={`${id}-mode`} value="overwrite" checked={mode === 'overwrite'} onChange={() => onMode('overwrite')} />
          Overwrite existing
        </label>
        <div className="ml-6">{picker}</div>
      </div>
    </fieldset>
  );
}

export function SaveOrOverwriteDatasetDialog(props: SaveOrOverwriteDatasetDialogProps) {
  const { open, onClose, sql, databaseId, schema, templateParams, defaultName, formData = null, columns = null, openInNewWindow = false } = props;
  const shell = useShell();
  const csrfToken = shell?.csrfToken ?? '';
  const navigate = useNavigate();
  const [mode, setMode] = useState<SaveDatasetMode>('save-new');
  const [name, setName] = useState(defaultName);
  const [chosen, setChosen] = useState<OwnedDataset | null>(null);
  const [step, setStep] = useState<Step>('choose');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Every opening starts afresh from the proposed name.
  useEffect(() => {
    if (!open) return;
    setMode('save-new');
    setName(defaultName);
    setChosen(null);
    setStep('choose');
    setError(null);
  }, [open, defaultName]);

  const source: DatasetSource = { sql, databaseId, schema, templateParams };

  /** Stores the form data for the dataset and answers the Explore URL; the dataset alone if that fails. */
  const exploreUrl = async (datasetId: number): Promise<string> => {
    try {
      const state = formDataStateBody(datasetId, savedDatasetFormData(datasetId, formData, columns));
      const { body } = await requestJson<{ key: string }>(csrfToken, '/api/v1/explore/form_data', { method: 'POST', body: state });
      return exploreUrlForKey(body.key);
    } catch {
      // The dataset is saved; Explore opens on it with its defaults rather than not at all.
      return exploreUrlForDataset(datasetId);
    }
  };

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      let datasetId: number;
      if (mode === 'save-new') {
        const { body } = await requestJson<{ id: number }>(csrfToken, '/api/v1/dataset/', { method: 'POST', body: newDatasetBody(source, name) });
        datasetId = body.id;
      } else {
        if (!chosen) return;
        await requestJson(csrfToken, overwriteDatasetUrl(chosen.id), { method: 'PUT', body: overwriteDatasetBody(source, chosen, columns) });
        datasetId = chosen.id;
      }
      const url = await exploreUrl(datasetId);
      showToast(successToast(DATASET_SAVED));
      onClose();
      if (openInNewWindow) window.open(url, '_blank', 'noreferrer');
      else navigate(url);
    } catch (e) {
      showToast(dangerToast(DATASET_SAVE_FAILED));
      // The server's reason stays in the dialog (a name taken, SQL that fails), so it can be fixed.
      setError((await getClientError(e)).error);
      if (mode === 'overwrite') setStep('choose');
    } finally {
      setSaving(false);
    }
  };

  const ready = canSaveDataset(mode, name, chosen);
  const mainLabel = saving ? 'Saving…' : mode === 'save-new' ? 'Save & Explore' : 'Overwrite & Explore';
  return (
    <Dialog open={open} onClose={onClose} title="Save or Overwrite Dataset" width={600}>
      {step === 'confirm-overwrite' ? (
        <>
          <p className="mt-4 text-sm">{OVERWRITE_CONFIRM}</p>
          {chosen && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Dataset: <strong>{chosen.table_name}</strong></p>}
          <DialogActions className="mt-6">
            <Button size="sm" disabled={saving} onClick={() => setStep('choose')}>Back</Button>
            <Button size="sm" variant="primary" disabled={saving} onClick={() => void save()}>{mainLabel}</Button>
          </DialogActions>
        </>
      ) : (
        <>
          <SaveDatasetChoice mode={mode} onMode={setMode} name={name} onName={setName} error={mode === 'save-new' ? error : null}
            picker={shell?.user ? <OwnedDatasetPicker userId={shell.user.id} csrfToken={csrfToken} value={chosen} onChange={setChosen} disabled={mode !== 'overwrite'} /> : null} />
          {mode === 'overwrite' && error && <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">{error}</p>}
          <DialogActions className="mt-6">
            <Button size="sm" onClick={onClose}>Cancel</Button>
            <Button size="sm" variant="primary" disabled={!ready || saving}
              onClick={() => (mode === 'overwrite' ? setStep('confirm-overwrite') : void save())}>
              {mainLabel}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
