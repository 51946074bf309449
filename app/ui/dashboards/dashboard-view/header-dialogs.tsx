/**
 * The header menu's dialogs (they exist once the page has hydrated): 'Set auto-refresh interval'
 * (applies for this visit; the dashboard's own refresh_frequency is where it starts) and 'Embed
 * dashboard' (an iframe of the standalone view, at a width and height the user sets). Loaded
 * with import() when one opens, so the page's first load carries no dialog code.
 */
import { useEffect, useState } from 'react';
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';
import { Input, TextArea } from '~/ui/primitives/input';
import { Select } from '~/ui/primitives/select';
import { intervalOptions } from './auto-refresh';
import { copyWithToast } from './copy-with-toast';
import { DEFAULT_EMBED_HEIGHT, DEFAULT_EMBED_WIDTH, dashboardEmbedCode, embedSize } from './embed-code';

type RefreshProps = { open: boolean; onClose: () => void; frequency: number; onApply: (seconds: number) => void };

export function RefreshIntervalDialog({ open, onClose, frequency, onApply }: RefreshProps) {
  const [choice, setChoice] = useState(String(frequency));
  useEffect(() => {
    if (open) setChoice(String(frequency));
  }, [open, frequency]);
  return (
    <Dialog open={open} onClose={onClose} title="Refresh interval">
      <form className="mt-4 space-y-4" onSubmit={(event) => {
        event.preventDefault();
        onApply(Number(choice));
        onClose();
      }}>
        <Select id="dashboard-refresh-frequency" label="Refresh frequency" value={choice} onChange={(e) => setChoice(e.target.value)}
          hint="Applies to this visit; the charts on screen are drawn again from fresh data at this interval.">
          {intervalOptions(frequency).map(([seconds, label]) => <option key={seconds} value={seconds}>{label}</option>)}
        </Select>
        <DialogActions>
          <Button type="button" onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary">Save</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function EmbedDashboardDialog({ open, onClose, dashboardUrl }: { open: boolean; onClose: () => void; dashboardUrl: string }) {
  const [width, setWidth] = useState(String(DEFAULT_EMBED_WIDTH));
  const [height, setHeight] = useState(String(DEFAULT_EMBED_HEIGHT));
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const code = dashboardEmbedCode(origin, dashboardUrl, embedSize(width, DEFAULT_EMBED_WIDTH), embedSize(height, DEFAULT_EMBED_HEIGHT));
  return (
    <Dialog open={open} onClose={onClose} title="Embed dashboard" width={600}>
      <div className="mt-4 space-y-4">
        <TextArea id="dashboard-embed-code" label="Embed code" readOnly rows={5} value={code} controlClassName="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()} />
        <div className="grid grid-cols-2 gap-3">
          <Input id="dashboard-embed-width" label="Width" inputMode="numeric" value={width} onChange={(e) => setWidth(e.target.value)} />
          <Input id="dashboard-embed-height" label="Height" inputMode="numeric" value={height} onChange={(e) => setHeight(e.target.value)} />
        </div>
        <DialogActions>
          <Button type="button" onClick={() => void copyWithToast(code)}>Copy</Button>
          <Button type="button" variant="primary" onClick={onClose}>Close</Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}

export type HeaderDialogProps = {
  which: 'refresh' | 'embed';
  onClose: () => void;
  frequency: number;
  onFrequency: (seconds: number) => void;
  dashboardUrl: string;
};

/** The dialog the menu asked for (the lazily loaded module's one entry). */
export default function HeaderDialog({ which, onClose, frequency, onFrequency, dashboardUrl }: HeaderDialogProps) {
  return which === 'refresh'
    ? <RefreshIntervalDialog open onClose={onClose} frequency={frequency} onApply={onFrequency} />
    : <EmbedDashboardDialog open onClose={onClose} dashboardUrl={dashboardUrl} />;
}
