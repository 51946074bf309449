/**
 * The header's read-and-copy dialogs: 'View query' (the SQL the chart ran) and 'Embed code' (an
 * iframe of the chart's permalink alone, at a width and height the user sets).
 */
import { useEffect, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import { dangerToast, successToast } from '~/lib/toasts';
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';
import { Input, TextArea } from '~/ui/primitives/input';
import { showToast } from '~/ui/toasts';
import { copyText } from './browser-actions';
import { embedSnippet } from './save-payload';

async function copyWithToast(text: string, done: string) {
  try {
    await copyText(text);
    showToast(successToast(done));
  } catch (e) {
    showToast(dangerToast((await getClientError(e)).error));
  }
}

export function ViewQueryModal({ open, onClose, sql }: { open: boolean; onClose: () => void; sql: string }) {
  return (
    <Dialog open={open} onClose={onClose} title="View query" width={900}>
      <pre aria-label="The chart's SQL" className="mt-4 max-h-[60vh] overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap dark:border-slate-800 dark:bg-slate-950">
        {sql || 'The chart has not run a query yet.'}
      </pre>
      <DialogActions className="mt-4">
        <Button type="button" disabled={!sql} onClick={() => void copyWithToast(sql, 'Copied to clipboard!')}>Copy</Button>
        <Button type="button" variant="primary" onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

type EmbedProps = { open: boolean; onClose: () => void; makePermalink: () => Promise<string> };

export function EmbedCodeModal({ open, onClose, makePermalink }: EmbedProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [width, setWidth] = useState('600');
  const [height, setHeight] = useState('400');

  useEffect(() => {
    if (!open) return;
    let live = true;
    setUrl(null);
    setError(null);
    makePermalink()
      .then((made) => {
        if (live) setUrl(made);
      })
      .catch(async (e: unknown) => {
        if (live) setError((await getClientError(e)).error);
      });
    return () => {
      live = false;
    };
  }, [open, makePermalink]);

  const size = (text: string, fallback: number) => (/^\d{1,5}$/.test(text.trim()) ? Number(text.trim()) : fallback);
  const code = url ? embedSnippet(url, size(width, 600), size(height, 400)) : '';

  return (
    <Dialog open={open} onClose={onClose} title="Embed code" width={600}>
      <div className="mt-4 space-y-4">
        {error ? (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">{error}</p>
        ) : (
          <TextArea id="embed-code" label="Embed code" readOnly rows={9} value={url ? code : 'Generating link, please wait…'} controlClassName="font-mono text-xs" />
        )}
        <div className="grid grid-cols-2 gap-3">
          <Input id="embed-width" label="Chart width" inputMode="numeric" value={width} onChange={(e) => setWidth(e.target.value)} />
          <Input id="embed-height" label="Chart height" inputMode="numeric" value={height} onChange={(e) => setHeight(e.target.value)} />
        </div>
        <DialogActions>
          <Button type="button" disabled={!url} onClick={() => void copyWithToast(code, 'Copied to clipboard!')}>Copy</Button>
          <Button type="button" variant="primary" onClick={onClose}>Close</Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
