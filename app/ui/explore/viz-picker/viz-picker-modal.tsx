/**
 * The 'Select a visualization type' dialog (1090 px wide, spec section 9): the gallery and a
 * Select button. It opens on the current type; Select, or a double click on a tile, hands the
 * chosen type to the caller and closes.
 */
import { useMemo, useState } from 'react';
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';
import { registryEntries } from './viz-entries';
import { VizGallery } from './viz-gallery';

/** Superset's MAX_ADVISABLE_VIZ_GALLERY_WIDTH. */
export const VIZ_PICKER_WIDTH = 1090;

type Props = {
  open: boolean;
  onClose: () => void;
  /** The chart's current type (selected when the dialog opens, if the registry has it). */
  value: string;
  onChoose: (vizType: string) => void;
};

export function VizPickerModal({ open, onClose, value, onChoose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} title="Select a visualization type" width={VIZ_PICKER_WIDTH}>
      {/* Mounted only while open, so each opening starts from the current type and a cleared search. */}
      {open && <VizPickerContent value={value} onClose={onClose} onChoose={onChoose} />}
    </Dialog>
  );
}

/** The dialog's inside (exported for tests: the dialog itself renders only in the browser). */
export function VizPickerContent({ value, onClose, onChoose }: Omit<Props, 'open'>) {
  const entries = useMemo(registryEntries, []);
  const [selected, setSelected] = useState<string | null>(() => (entries.some((e) => e.key === value) ? value : null));
  const confirm = (vizType: string | null) => {
    if (!vizType || !entries.some((e) => e.key === vizType)) return;
    onChoose(vizType);
    onClose();
  };
  return (
    <>
      <VizGallery entries={entries} selected={selected} onSelect={setSelected} onConfirm={confirm} />
      <DialogActions className="mt-4">
        <Button type="button" onClick={onClose}>Cancel</Button>
        <Button type="button" variant="primary" disabled={!selected} onClick={() => confirm(selected)}>Select</Button>
      </DialogActions>
    </>
  );
}
