/**
 * The chart-type control (spec section 2, "Chart-type picker"): tiles for the common types (line,
 * bar, area, table, big number, pie) plus the current one, and 'View all charts' opening the
 * picker dialog. A tile or the dialog hands the new type to `onChange`; the Explore page then
 * carries the form data over (switchVizType). A type this build does not have is said so.
 */
import { useId, useState } from 'react';
import { Button } from '~/ui/primitives/button';
import { vizMetadata } from '~/viz/registry';
import { TILE_VIZ_TYPES } from './viz-picker/viz-entries';
import { VizPickerModal } from './viz-picker/viz-picker-modal';
import { VizThumbnail } from './viz-picker/viz-thumbnail';

export type VizTypeControlProps = {
  value: string;
  onChange: (vizType: string) => void;
};

export const UNSUPPORTED_VIZ_MESSAGE = 'This visualization type is not supported.';

/** The tiles: the common types, then the current one when it is another registered type. */
export function tileTypes(value: string): string[] {
  const common: readonly string[] = TILE_VIZ_TYPES;
  return common.includes(value) || !vizMetadata(value) ? [...common] : [...common, value];
}

export function VizTypeControl({ value, onChange }: VizTypeControlProps) {
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const supported = vizMetadata(value) !== null;
  const choose = (vizType: string) => {
    if (vizType !== value) onChange(vizType);
  };

  return (
    <div role="group" aria-labelledby={labelId} className="space-y-2">
      <p id={labelId} className="text-sm font-medium">Chart type</p>
      <div className="grid grid-cols-3 gap-1.5">
        {tileTypes(value).map((type) => {
          const metadata = vizMetadata(type);
          if (!metadata) return null;
          return (
            <button
              key={type}
              type="button"
              aria-pressed={type === value}
              data-viz-type={type}
              onClick={() => choose(type)}
              className="flex flex-col items-center gap-1 rounded-md border border-slate-200 p-1.5 text-center text-xs hover:bg-slate-100 aria-pressed:border-brand-500 aria-pressed:bg-brand-50 aria-pressed:font-medium dark:border-slate-700 dark:hover:bg-slate-800 dark:aria-pressed:bg-slate-800"
            >
              <VizThumbnail metadata={metadata} className="h-8 w-12" />
              <span className="leading-tight">{metadata.name}</span>
            </button>
          );
        })}
      </div>
      {!supported && <p role="status" className="text-sm text-amber-800 dark:text-amber-200">{UNSUPPORTED_VIZ_MESSAGE}</p>}
      <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(true)}>View all charts</Button>
      <VizPickerModal open={open} onClose={() => setOpen(false)} value={value} onChoose={choose} />
    </div>
  );
}
