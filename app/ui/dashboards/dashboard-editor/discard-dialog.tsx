/** Leaving edit mode with unsaved changes: confirmed, since they are lost. */
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';

export function DiscardDialog({ open, onClose, onDiscard }: { open: boolean; onClose: () => void; onDiscard: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Discard unsaved changes?">
      <p className="mt-2 text-sm">Your changes to this dashboard have not been saved. Leaving edit mode discards them.</p>
      <DialogActions className="mt-4">
        <Button onClick={onClose}>Keep editing</Button>
        <Button variant="danger" onClick={onDiscard}>Discard changes</Button>
      </DialogActions>
    </Dialog>
  );
}
