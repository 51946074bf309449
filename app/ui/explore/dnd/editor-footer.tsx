/** The editors' Close and Save row: Save is the main action, enabled only for a valid change. */
import { Button } from '~/ui/primitives/button';

export function EditorFooter({ canSave, onSave, onClose }: { canSave: boolean; onSave: () => void; onClose: () => void }) {
  return (
    <div className="mt-3 flex justify-end gap-2">
      <Button type="button" size="sm" onClick={onClose}>
        Close
      </Button>
      <Button type="button" size="sm" variant="primary" disabled={!canSave} onClick={onSave}>
        Save
      </Button>
    </div>
  );
}

/** An editor tab's empty state: a title and a hint ('No saved metrics found'). */
export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="rounded-md border border-dashed border-slate-300 p-3 text-center dark:border-slate-700">
      <p className="text-sm font-medium">{title}</p>
      {hint && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{hint}</p>}
    </div>
  );
}
