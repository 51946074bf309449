/**
 * The menu next to Run: run only the statement under the editor's cursor, and, on databases that
 * allow it, run the query as CREATE TABLE AS or CREATE VIEW AS into a table named in a small
 * dialog. The server checks the flags and the name again.
 */
import { Dialog, DialogPanel, DialogTitle, Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import { MAX_TABLE_NAME, type CtasMethod } from '~/lib/sqllab-api';
import { buttonClass, inputClass, secondaryButtonClass } from './StaticSqlLab';

type Props = { allowCtas: boolean; allowCvas: boolean; disabled: boolean; onRunStatement: () => void; onRun: (method: CtasMethod, table: string) => void };

const itemClass = 'block w-full rounded px-3 py-2 text-left text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800';
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
      <Menu as="div" className="relative">
        <MenuButton disabled={disabled} aria-label="More ways to run" className={`${secondaryButtonClass} disabled:opacity-50`}>▾</MenuButton>
        <MenuItems anchor="bottom start" className="z-40 mt-1 w-60 rounded-md border border-slate-200 bg-white p-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900">
          <MenuItem><button type="button" className={itemClass} onClick={onRunStatement}>Run current statement</button></MenuItem>
          {allowCtas && <MenuItem><button type="button" className={itemClass} onClick={() => setMethod('TABLE')}>Run as CREATE TABLE AS</button></MenuItem>}
          {allowCvas && <MenuItem><button type="button" className={itemClass} onClick={() => setMethod('VIEW')}>Run as CREATE VIEW AS</button></MenuItem>}
        </MenuItems>
      </Menu>
      <Dialog open={method !== null} onClose={() => setMethod(null)} className="relative z-50">
        <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900">
            <DialogTitle className="text-lg font-semibold">Run as CREATE {method} AS</DialogTitle>
            <form className="mt-3 space-y-3" onSubmit={submit}>
              <p className="text-sm text-slate-600 dark:text-slate-300">The query (a single SELECT) is run into a new {method ? WORD[method] : ''} of that name.</p>
              <div>
                <label htmlFor="ctas-table-name" className="block text-sm font-medium">{method === 'VIEW' ? 'View name' : 'Table name'}</label>
                <input id="ctas-table-name" name="table" required maxLength={MAX_TABLE_NAME} autoComplete="off" className={inputClass} />
              </div>
              <div className="flex justify-end gap-2">
                <button type="button" onClick={() => setMethod(null)} className={secondaryButtonClass}>Cancel</button>
                <button type="submit" className={buttonClass}>Create {method ? WORD[method] : ''}</button>
              </div>
            </form>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
