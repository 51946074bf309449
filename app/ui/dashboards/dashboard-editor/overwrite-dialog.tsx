/**
 * 'Please confirm the overwrite values.': someone saved the dashboard since this edit began. The
 * table shows each stored value this save would replace, beside the new one. Overwrite saves;
 * Cancel closes the dialog and keeps every edit.
 */
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';
import { OVERWRITE_MESSAGE, type OverwriteItem } from './save-dashboard';

type Props = {
  open: boolean;
  items: readonly OverwriteItem[];
  changedOn: string;
  changedByName: string;
  onOverwrite: () => void;
  onCancel: () => void;
};

function when(changedOn: string): string {
  const time = Date.parse(changedOn);
  return Number.isNaN(time) ? changedOn : new Date(time).toLocaleString();
}

const cellClass = 'border-b border-slate-200 px-2 py-1.5 align-top dark:border-slate-800';

export function OverwriteDialog({ open, items, changedOn, changedByName, onOverwrite, onCancel }: Props) {
  return (
    <Dialog open={open} onClose={onCancel} title={OVERWRITE_MESSAGE} width={720}>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        This dashboard was saved {changedByName ? `by ${changedByName} ` : ''}at {when(changedOn)}, after you started editing it.
        {items.length > 0 ? ' Saving now replaces these stored values:' : ' No stored value differs from what you are saving.'}
      </p>
      {items.length > 0 && (
        <div className="mt-3 max-h-96 overflow-auto">
          <table className="w-full text-left text-sm" aria-label="Values this save overwrites">
            <thead>
              <tr>
                <th scope="col" className={`${cellClass} font-medium`}>Field</th>
                <th scope="col" className={`${cellClass} font-medium`}>Stored value</th>
                <th scope="col" className={`${cellClass} font-medium`}>Your value</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.field}>
                  <th scope="row" className={`${cellClass} font-normal`}>{item.field}</th>
                  <td className={cellClass}><pre className="max-h-32 overflow-auto whitespace-pre-wrap break-all font-mono text-xs">{item.stored}</pre></td>
                  <td className={cellClass}><pre className="max-h-32 overflow-auto whitespace-pre-wrap break-all font-mono text-xs">{item.next}</pre></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <DialogActions className="mt-4">
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="danger" onClick={onOverwrite}>Overwrite</Button>
      </DialogActions>
    </Dialog>
  );
}
