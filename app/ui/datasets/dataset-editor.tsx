/**
 * The dataset editor (Superset's Edit Dataset dialog, as a page): one posted form in five
 * sections that become tabs once hydrated. Saving asks first ('Confirm save'): without
 * JavaScript the server answers the first Save with the form as typed and a confirming button
 * (intent `confirm-save`); with it a dialog asks and submits that intent. Only owners and admins
 * may save; a dataset managed externally cannot be saved at all. 'Sync columns from source'
 * posts a form of its own (the button sits in the Columns section through its `form` attribute).
 */
import { Form, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CsrfInput } from '../csrf-input';
import { Button } from '../primitives/button';
import { Dialog, DialogActions } from '../primitives/dialog';
import { Tabs, type TabItem } from '../primitives/tabs';
import { Tooltip } from '../primitives/tooltip';
import { useHydrated } from '../use-hydrated';
import { CalculatedSection, ColumnsSection, MetricsSection, SettingsSection, SourceSection, type Errors, type Row } from './editor-sections';
import { blankColumn, blankMetric, checkValues, valuesFromForm, type ColumnValues, type EditorValues, type MetricValues } from './editor-values';
import type { Choice } from './list-types';

export const EDITOR_FORM = 'dataset-editor';
export const SYNC_FORM = 'dataset-sync-columns';
export const OWNERS_ONLY = 'You must be a dataset owner in order to edit. Please reach out to a dataset owner to request modifications or edit access.';
export const MANAGED_EXTERNALLY = "This dataset is managed externally, and can't be edited in Sightline.";
export const CONFIRM_WARNING = 'The dataset configuration exposed here affects all the charts using this dataset. Be mindful that changing settings here may affect other charts in undesirable ways.';
export const CONFIRM_QUESTION = 'Are you sure you want to save and apply changes?';
export const SAVE_ERROR_TITLE = 'Error saving dataset';

export type EditorPage = {
  dataset: { id: number; name: string; database: string; exploreUrl: string; managedExternally: boolean; externalUrl: string | null };
  values: EditorValues;
  /** Owner or admin with can_write on Dataset. */
  canEdit: boolean;
  owners: Choice[];
};

export type EditorResult = {
  values: EditorValues;
  errors: Record<string, string>;
  /** The first server error, for 'Error saving dataset'. */
  error: string | null;
  /** The first Save without JavaScript: ask before saving. */
  confirm: boolean;
};

const TAB_IDS = ['source', 'columns', 'calculated', 'metrics', 'settings'] as const;
const SOURCE_FIELDS = new Set(['kind', 'table_name', 'schema', 'sql', 'template_params', 'database_id']);

function tabOf(field: string, columns: ColumnValues[]): number {
  const column = /^columns\.(\d+)/.exec(field);
  if (column) return columns[Number(column[1])]?.calculated ? 2 : 1;
  if (field === 'columns') return 1;
  if (field.startsWith('metrics')) return 3;
  return SOURCE_FIELDS.has(field) ? 0 : 4;
}

let nextKey = 0;
const keyed = <T,>(value: T): { key: string; value: T } => ({ key: `row-${(nextKey += 1)}`, value });
const isBlankNewColumn = (c: ColumnValues) => c.id === null && c.calculated && !c.column_name.trim() && !c.expression.trim();
const isBlankNewMetric = (m: MetricValues) => m.id === null && !m.metric_name.trim() && !m.expression.trim();

/** Rows with their form index; without JavaScript one blank row at the end is the way to add one. */
function indexed<T>(rows: { key: string; value: T }[], blank: T | null): Row<T>[] {
  const all = blank === null ? rows : [...rows, { key: 'blank', value: blank }];
  return all.map((r, index) => ({ ...r, index }));
}

function Notice({ tone, children }: { tone: 'warn' | 'error'; children: ReactNode }) {
  const cls = tone === 'error'
    ? 'border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100'
    : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100';
  return <div role={tone === 'error' ? 'alert' : 'note'} className={`rounded-md border px-3 py-2 text-sm ${cls}`}>{children}</div>;
}

export function DatasetEditor({ page, result }: { page: EditorPage; result: EditorResult | undefined }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const values = result?.values ?? page.values;
  const [columns, setColumns] = useState(() => values.columns.filter((c) => !isBlankNewColumn(c)).map(keyed));
  const [metrics, setMetrics] = useState(() => values.metrics.filter((m) => !isBlankNewMetric(m)).map(keyed));
  const [kind, setKind] = useState(values.kind);
  const [clientErrors, setClientErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const [errorShown, setErrorShown] = useState<string | null>(null);
  const [tab, setTab] = useState(0);
  const errors = useMemo(() => ({ ...(result?.errors ?? {}), ...clientErrors }), [result, clientErrors]);

  // A new answer: its errors open their tab, its server error its dialog.
  useEffect(() => {
    if (!result) return;
    setClientErrors({});
    const first = Object.keys(result.errors)[0];
    if (first) setTab(tabOf(first, result.values.columns));
    setErrorShown(result.error);
  }, [result]);

  const blocked = !page.canEdit ? OWNERS_ONLY : page.dataset.managedExternally ? MANAGED_EXTERNALLY : null;
  const saving = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const columnRows = indexed(columns, hydrated ? null : blankColumn());
  const metricRows = indexed(metrics, hydrated ? null : blankMetric());

  const askToSave = () => {
    const form = formRef.current;
    if (!form) return;
    const found = checkValues(valuesFromForm(new FormData(form)));
    setClientErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      setTab(tabOf(first, columns.map((c) => c.value)));
      return;
    }
    setConfirming(true);
  };
  const confirmSave = () => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    data.set('intent', 'confirm-save');
    setConfirming(false);
    submit(data, { method: 'post', preventScrollReset: true });
  };

  const items: TabItem[] = [
    { id: TAB_IDS[0], title: 'Source', body: <SourceSection values={values} database={page.dataset.database} errors={errors} kind={kind} onKind={setKind} hideSql={hydrated && kind === 'physical'} /> },
    { id: TAB_IDS[1], title: 'Columns', body: <ColumnsSection rows={columnRows} errors={errors} syncForm={SYNC_FORM} canEdit={blocked === null} /> },
    {
      id: TAB_IDS[2], title: 'Calculated columns',
      body: <CalculatedSection rows={columnRows} errors={errors} onAdd={hydrated ? () => setColumns((l) => [...l, keyed(blankColumn())]) : null}
        onRemove={hydrated ? (key) => setColumns((l) => l.filter((r) => r.key !== key)) : null} />,
    },
    {
      id: TAB_IDS[3], title: 'Metrics',
      body: <MetricsSection rows={metricRows} errors={errors} onAdd={hydrated ? () => setMetrics((l) => [...l, keyed(blankMetric())]) : null}
        onRemove={hydrated ? (key) => setMetrics((l) => l.filter((r) => r.key !== key)) : null} />,
    },
    {
      id: TAB_IDS[4], title: 'Settings',
      body: <SettingsSection values={values} errors={errors} owners={page.owners} managedExternally={page.dataset.managedExternally}
        temporal={columns.filter((c) => c.value.is_dttm).map((c) => c.value.column_name)} />,
    },
  ];

  const saveButton = hydrated ? (
    <Button variant="primary" onClick={askToSave} disabled={blocked !== null || saving}>Save</Button>
  ) : (
    <Button type="submit" name="intent" value="save" variant="primary" disabled={blocked !== null}>Save</Button>
  );
  const fieldErrorCount = Object.keys(errors).length;

  return (
    <>
      {blocked && <Notice tone="warn">{blocked}</Notice>}
      {result?.error && !hydrated && (
        <Notice tone="error"><p className="font-semibold">{SAVE_ERROR_TITLE}</p><p>{result.error}</p></Notice>
      )}
      {fieldErrorCount > 0 && !result?.error && <Notice tone="error">Please fix the fields marked below.</Notice>}
      {result?.confirm && !hydrated && <Notice tone="warn"><a href="#confirm-save-title" className="underline">Confirm save</a> at the end of the page.</Notice>}
      <Form ref={formRef} id={EDITOR_FORM} method="post" noValidate aria-label={`Edit dataset ${page.dataset.name}`} className="space-y-6">
        <CsrfInput />
        <fieldset disabled={!page.canEdit} className="min-w-0">
          <Tabs label="Dataset editor sections" idPrefix="dataset" items={items} selectedIndex={tab} onChange={setTab} />
        </fieldset>
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          {blocked ? <Tooltip content={blocked}>{saveButton}</Tooltip> : saveButton}
          <a href={page.dataset.exploreUrl} className="text-sm underline">Explore</a>
        </div>
        {/* After Save, so Save stays the form's default button (Enter in a field asks again rather than saves). */}
        {result?.confirm && !hydrated && (
          <section aria-labelledby="confirm-save-title" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-700 dark:bg-amber-950">
            <h2 id="confirm-save-title" className="font-semibold">Confirm save</h2>
            <p>{CONFIRM_WARNING}</p>
            <p>{CONFIRM_QUESTION}</p>
            <Button type="submit" name="intent" value="confirm-save" variant="primary" size="sm">Yes, save</Button>
          </section>
        )}
      </Form>
      <Form id={SYNC_FORM} method="post" hidden>
        <CsrfInput />
      </Form>
      {hydrated && (
        <Dialog open={confirming} onClose={() => setConfirming(false)} title="Confirm save">
          <div className="mt-3 space-y-2 text-sm">
            <p>{CONFIRM_WARNING}</p>
            <p>{CONFIRM_QUESTION}</p>
          </div>
          <DialogActions className="mt-4">
            <Button size="sm" onClick={() => setConfirming(false)}>Cancel</Button>
            <Button size="sm" variant="primary" onClick={confirmSave}>OK</Button>
          </DialogActions>
        </Dialog>
      )}
      {hydrated && (
        <Dialog open={errorShown !== null} onClose={() => setErrorShown(null)} title={SAVE_ERROR_TITLE}>
          <p role="alert" className="mt-3 text-sm">{errorShown}</p>
          <DialogActions className="mt-4">
            <Button size="sm" onClick={() => setErrorShown(null)}>Close</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
