/**
 * 'Query preview' of a SQL Lab query opened in Explore (a `query` datasource): the query's SQL,
 * read-only, with a Copy button. A browser without the clipboard API gets the spec's
 * 'Sorry, your browser does not support copying.'
 */
import { dangerToast, successToast } from '~/lib/toasts';
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';
import { showToast } from '~/ui/toasts';

const COPY_UNSUPPORTED = 'Sorry, your browser does not support copying.';

export function QueryPreviewDialog({ open, onClose, sql }: { open: boolean; onClose: () => void; sql: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sql);
      showToast(successToast('Copied to clipboard!'));
    } catch {
      showToast(dangerToast(COPY_UNSUPPORTED));
    }
  };
  return (
    <Dialog open={open} onClose={onClose} title="Query preview" width={800}>
      <pre aria-label="Query SQL" tabIndex={0} className="mt-4 max-h-[60vh] overflow-auto whitespace-pre-wrap rounded-md bg-slate-50 p-3 font-mono text-xs dark:bg-slate-800">{sql}</pre>
      <DialogActions className="mt-4">
        <Button size="sm" onClick={() => void copy()}>Copy</Button>
        <Button size="sm" variant="primary" onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
