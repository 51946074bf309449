/**
 * The menu next to Run: run only the statement under the editor's cursor, and, on databases that
 * allow it, run the query as CREATE TABLE AS or CREATE VIEW AS into a table named in a small
 * dialog. The server checks the flags and the name again.
 */
import { useState, type FormEvent } from 'react';
import { MAX_TABLE_NAME, type CtasMethod } from '~/lib/sqllab-api';
import { Button, buttonClass } from '../primitives/button';
import { Dialog, DialogActions } from '../primitives/dialog';
import { Icon } from '../primitives/icon';
import { Input } from '../primitives/input';
import { Menu, MenuAction } from '../primitives/menu';

type Props = { allowCtas: boolean; allowCvas: boolean; disabled: boolean; onRunStatement: () => void; onRun: (method: CtasMethod, table: string) => void };

const WORD: Record<CtasMethod, string> = { TABLE: 'table', VIEW: 'view' };

export function CtasMenu({ allowCtas, allowCvas, disabled, onRunStatement, onRun }: Props) {
  const [method, setMethod] = useState<CtasMethod | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('table') ?? '').trim();
    if (!method || !name) return;
    onRun(method, name);
    setMethod(null);
  };
  return (
    <>
      <Menu label="More ways to run" disabled={disabled} width="w-60" triggerClassName={buttonClass('secondary', 'sm')}
        trigger={<Icon name="chevron-down" className="h-5 w-5" />}>
        <MenuAction onClick={onRunStatement}>Run current statement</MenuAction>
        {allowCtas && <MenuAction onClick={() => setMethod('TABLE')}>Run as CREATE TABLE AS</MenuAction>}
        {allowCvas && <MenuAction onClick={() => setMethod('VIEW')}>Run as CREATE VIEW AS</MenuAction>}
      </Menu>
      <Dialog open={method !== null} onClose={() => setMethod(null)} title={`Run as CREATE ${method ?? ''} AS`}>
        <form className="mt-3 space-y-3" onSubmit={submit}>
          <p className="text-sm text-slate-600 dark:text-slate-300">The query (a single SELECT) is run into a new {method ? WORD[method] : ''} of that name.</p>
          <Input id="ctas-table-name" name="table" label={method === 'VIEW' ? 'View name' : 'Table name'} required maxLength={MAX_TABLE_NAME} autoComplete="off" />
          <DialogActions>
            <Button onClick={() => setMethod(null)} size="sm">Cancel</Button>
            <Button type="submit" variant="primary">Create {method ? WORD[method] : ''}</Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
