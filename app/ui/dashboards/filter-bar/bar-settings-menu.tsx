/**
 * The filter bar's settings menu (editors, once hydrated; dashboards.md native filters): opens the
 * filters' configuration and the cross-filter scoping, turns cross-filtering on or off and puts
 * the bar on the left or on top. The two settings are keys of the dashboard's json_metadata
 * (`cross_filters_enabled`, `filter_bar_orientation`), saved by PUT /api/v1/dashboard/{id} with
 * the metadata read afresh just before (GET), so a key changed meanwhile by someone else is not
 * put back. Loaded with import() by the page: its first load carries none of it. Every choice
 * here is an editor's; without scripts the dashboard's properties form edits the same metadata.
 */
import { useState, type ReactNode } from 'react';
import { getClientError } from '~/lib/client-error';
import { dangerToast } from '~/lib/toasts';
import { Icon } from '~/ui/primitives/icon';
import { Menu, MenuAction } from '~/ui/primitives/menu';
import { updateStoredMetadata } from '~/ui/dashboards/stored-metadata';
import { showToast } from '~/ui/toasts';
import { useShell } from '~/ui/use-shell';

export type BarOrientation = 'VERTICAL' | 'HORIZONTAL';

export type BarSettingsMenuProps = {
  dashboardId: number;
  /** Only editors get the menu. */
  canEdit: boolean;
  hydrated: boolean;
  orientation: BarOrientation;
  crossFiltersEnabled: boolean;
  onEditFilters: () => void;
  onCrossFilterScoping: () => void;
  /** After a setting was saved: the page loads again and shows it. */
  onChanged: () => void;
};

/** Saves one json_metadata key on the dashboard, over the metadata as stored now. */
export async function saveMetadataKey(csrfToken: string, dashboardId: number, key: string, value: unknown): Promise<void> {
  await updateStoredMetadata(csrfToken, dashboardId, (stored) => ({ ...stored, [key]: value }));
}

/** An item that is on or off: a check mark, and the state spoken after the label. */
function Checked({ on, children }: { on: boolean; children: ReactNode }) {
  return (
    <span className="flex items-center gap-2">
      <span aria-hidden="true" className="w-3">{on ? '✓' : ''}</span>
      <span>{children}</span>
      {on && <span className="sr-only">(selected)</span>}
    </span>
  );
}

export function BarSettingsMenu(props: BarSettingsMenuProps) {
  return props.canEdit && props.hydrated ? <SettingsMenu {...props} /> : null;
}

function SettingsMenu({ dashboardId, orientation, crossFiltersEnabled, onEditFilters, onCrossFilterScoping, onChanged }: BarSettingsMenuProps) {
  const csrfToken = useShell()?.csrfToken ?? '';
  const [busy, setBusy] = useState(false);

  const save = async (key: string, value: unknown) => {
    setBusy(true);
    try {
      await saveMetadataKey(csrfToken, dashboardId, key, value);
      onChanged();
    } catch (error) {
      showToast(dangerToast((await getClientError(error)).error));
    } finally {
      setBusy(false);
    }
  };
  const orient = (next: BarOrientation) => {
    if (next !== orientation) void save('filter_bar_orientation', next);
  };

  return (
    <Menu label="Filter bar settings" disabled={busy} anchor="bottom end" width="w-56"
      trigger={<Icon name="more-vertical" />}
      triggerClassName="rounded p-1 text-slate-600 hover:bg-slate-100 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-800">
      <MenuAction onClick={onEditFilters}>Add or edit filters</MenuAction>
      <MenuAction onClick={onCrossFilterScoping}>Cross-filtering scoping</MenuAction>
      <MenuAction onClick={() => void save('cross_filters_enabled', !crossFiltersEnabled)}>
        <Checked on={crossFiltersEnabled}>Enable cross-filtering</Checked>
      </MenuAction>
      <div role="separator" className="my-1 border-t border-slate-200 dark:border-slate-700" />
      <p role="presentation" className="px-3 pt-1 text-xs text-slate-500 dark:text-slate-400">Orientation</p>
      <MenuAction onClick={() => orient('VERTICAL')}>
        <Checked on={orientation === 'VERTICAL'}>Vertical (Left)</Checked>
      </MenuAction>
      <MenuAction onClick={() => orient('HORIZONTAL')}>
        <Checked on={orientation === 'HORIZONTAL'}>Horizontal (Top)</Checked>
      </MenuAction>
    </Menu>
  );
}
