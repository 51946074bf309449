/**
 * The dataset menu (explore.md section 2, "Dataset control area") and the dialogs it opens. For a
 * dataset: 'Edit dataset' (the dataset editor page; owners and admins only, else disabled with the
 * spec's tooltip), 'Swap dataset', 'View in SQL Lab'. For a SQL Lab query: 'Query preview', 'View
 * in SQL Lab', 'Save as dataset'. SQL Lab entries need menu_access on SQL Lab; saving a dataset
 * needs can_write on Dataset. With the dataset missing only the swap is offered (the pane's
 * missing-dataset alert opens the same dialog through `swapOpen`).
 *
 * 'View in SQL Lab' posts SQL Lab's page action (sql-lab-handoff.ts), which opens a new tab with
 * the SQL on the dataset's database.
 */
import { MenuItem } from '@headlessui/react';
import { useLocation, useSubmit } from '@remix-run/react';
import { useId, useState } from 'react';
import { defaultDatasetName, type SavedColumn } from '~/lib/explore/dataset-save';
import { Icon } from '~/ui/primitives/icon';
import { Menu, MenuAction, MenuLink } from '~/ui/primitives/menu';
import { useShell } from '~/ui/use-shell';
import { QueryPreviewDialog } from './dataset-dialogs/query-preview-dialog';
import { SaveOrOverwriteDatasetDialog } from './dataset-dialogs/save-dataset-dialog';
import { SQL_LAB_HANDOFF_ACTION, sqlLabHandoffFields } from './dataset-dialogs/sql-lab-handoff';
import { SwapDatasetDialog } from './dataset-dialogs/swap-dataset-dialog';
import type { ExploreChrome, ExploreDatasource } from './types';

export const EDIT_DATASET_OWNERS_ONLY =
  'You must be a dataset owner in order to edit. Please reach out to a dataset owner to request modifications or edit access.';

export type DatasetMenuProps = {
  chrome: ExploreChrome;
  /** The swap dialog is open (the menu, or the missing-dataset alert, opened it). */
  swapOpen: boolean;
  onSwapOpenChange: (open: boolean) => void;
};

/** The dataset editor, told where to come back to (`next`, the chart's URL). */
export const datasetEditPath = (id: number, next?: string) => `/dataset/${id}/edit${next ? `?next=${encodeURIComponent(next)}` : ''}`;

/**
 * A menu entry the user may not use: still focusable, so the reason shows on keyboard focus as on
 * hover and is read as its description (a disabled Headless UI item could not be reached at all).
 */
function UnavailableMenuItem({ label, reason }: { label: string; reason: string }) {
  const tipId = useId();
  return (
    <MenuItem>
      {({ focus }) => (
        <div aria-disabled="true" aria-label={label} aria-describedby={tipId}
          className="relative block w-full cursor-not-allowed rounded px-3 py-2 text-left text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800">
          <span className="opacity-50">{label}</span>
          <span role="tooltip" id={tipId}
            className={`${focus ? 'block' : 'hidden'} absolute left-0 top-full z-50 mt-1 w-72 whitespace-normal rounded bg-slate-900 px-2 py-1 text-xs font-normal text-white shadow dark:bg-slate-700`}>
            {reason}
          </span>
        </div>
      )}
    </MenuItem>
  );
}

const savedColumns = (datasource: ExploreDatasource): SavedColumn[] =>
  datasource.columns.map((c) => ({ column_name: c.column_name, type: c.type, is_dttm: c.is_dttm }));

export function DatasetMenu({ chrome, swapOpen, onSwapOpenChange }: DatasetMenuProps) {
  const { datasource, user, formData } = chrome;
  const csrfToken = useShell()?.csrfToken ?? '';
  const submit = useSubmit();
  const location = useLocation();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const [saveName, setSaveName] = useState('');

  const isQuery = datasource?.type === 'query';
  const viewInSqlLab = () => {
    if (datasource) submit(sqlLabHandoffFields(datasource, csrfToken), { method: 'post', action: SQL_LAB_HANDOFF_ACTION });
  };
  const openSave = () => {
    // The proposal carries the time the dialog opened, as Superset's does.
    setSaveName(defaultDatasetName(datasource?.name, new Date()));
    setSaveOpen(true);
  };
  const canSaveAsDataset = isQuery && user.canSaveDataset && Boolean(datasource?.database);

  return (
    <>
      <Menu label="Dataset actions" trigger={<Icon name="more-vertical" className="h-4 w-4" />} anchor="bottom end" width="w-56"
        triggerClassName="rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white">
        {datasource && !isQuery && (datasource.canEdit
          ? <MenuLink to={datasetEditPath(datasource.id, `${location.pathname}${location.search}`)}>Edit dataset</MenuLink>
          : <UnavailableMenuItem label="Edit dataset" reason={EDIT_DATASET_OWNERS_ONLY} />)}
        {!isQuery && <MenuAction onClick={() => onSwapOpenChange(true)}>Swap dataset</MenuAction>}
        {isQuery && <MenuAction onClick={() => setPreviewOpen(true)}>Query preview</MenuAction>}
        {datasource && user.canSqlLab && <MenuAction onClick={viewInSqlLab}>View in SQL Lab</MenuAction>}
        {canSaveAsDataset && <MenuAction onClick={openSave}>Save as dataset</MenuAction>}
      </Menu>
      <SwapDatasetDialog open={swapOpen} onClose={() => onSwapOpenChange(false)}
        currentId={datasource && !isQuery ? datasource.id : null}
        onSwap={(id) => chrome.apply({ ...formData, datasource: `${id}__table` })} />
      {isQuery && datasource && (
        <QueryPreviewDialog open={previewOpen} onClose={() => setPreviewOpen(false)} sql={datasource.sql ?? ''} />
      )}
      {canSaveAsDataset && datasource?.database && (
        <SaveOrOverwriteDatasetDialog open={saveOpen} onClose={() => setSaveOpen(false)}
          sql={datasource.sql ?? ''} databaseId={datasource.database.id} schema={datasource.schema}
          templateParams={templateParamsOf(datasource)} defaultName={saveName}
          formData={formData} columns={savedColumns(datasource)} />
      )}
    </>
  );
}

/** A query's template parameters, when the page passed them in the datasource's extra (JSON text or object). */
function templateParamsOf(datasource: ExploreDatasource): string | null {
  const value = datasource.extra.template_params;
  if (typeof value === 'string') return value.trim() ? value : null;
  if (value && typeof value === 'object') return JSON.stringify(value);
  return null;
}
