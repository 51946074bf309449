/**
 * A tab's template parameters: JSON text holding an object, checked as it is typed (the error is
 * shown beside the field and Save is refused until it reads). Saved text goes into the tab.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { checkTemplateParams, formatTemplateParams } from '~/lib/sqllab/template-params';
import { Button } from '../primitives/button';
import { Dialog, DialogActions } from '../primitives/dialog';
import { TextArea } from '../primitives/input';

type Props = { open: boolean; value: string; onClose: () => void; onSave: (text: string) => void };

export function TemplateParamsDialog({ open, value, onClose, onSave }: Props) {
  const [text, setText] = useState(value);
  useEffect(() => {
    if (open) setText(formatTemplateParams(value));
  }, [open, value]);
  const check = checkTemplateParams(text);
  const error = check.ok ? null : check.error;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check.ok) return;
    onSave(text.trim() === '' ? '' : text);
  };
  return (
    <Dialog open={open} onClose={onClose} title="Template parameters" size="lg">
      <form className="mt-3 space-y-3" onSubmit={submit}>
        <p id="template-params-help" className="text-sm text-slate-600 dark:text-slate-300">
          A JSON object. Its keys are the variables the SQL uses, e.g. <code>{'{"country": "FR"}'}</code> for <code>{'{{ country }}'}</code>.
        </p>
        <TextArea id="template-params-json" label="Parameters (JSON)" value={text} rows={10} spellCheck={false} onChange={(e) => setText(e.target.value)}
          aria-describedby="template-params-help" error={error} errorRole="alert" controlClassName="font-mono" />
        <DialogActions>
          <Button onClick={onClose} size="sm">Cancel</Button>
          <Button type="submit" variant="primary" disabled={Boolean(error)}>Save parameters</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
