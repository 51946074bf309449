/** Delete, confirmed: the dashboard goes, its charts stay. The page then goes to the dashboard list. */
import { useEffect, useState } from 'react';
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';

type Props = {
  open: boolean;
  onClose: () => void;
  name: string;
  /** Deletes: null when done, else the message to show. */
  onDelete: () => Promise<string | null>;
};

export function DeleteDialog({ open, onClose, name, onDelete }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  const confirm = async () => {
    if (deleting) return;
    setDeleting(true);
    const message = await onDelete();
    setDeleting(false);
    if (message) setError(message);
    else onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} title="Delete dashboard?">
      <p className="mt-2 text-sm">Are you sure you want to delete <strong>{name}</strong>? Its charts are kept.</p>
      {error && <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">{error}</p>}
      <DialogActions className="mt-4">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={deleting}>Delete</Button>
      </DialogActions>
    </Dialog>
  );
}
