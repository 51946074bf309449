/**
 * The time range control (Superset's DateFilterControl): a button showing the range ('No filter',
 * 'Last week', or the evaluated dates of a custom range) that opens the 'Edit time range' modal.
 * The modal edits a draft: RANGE TYPE picks the frame, the frame's fields build the range string,
 * 'Actual time range' shows what the server makes of it (its error disables APPLY), CANCEL drops
 * the draft and APPLY emits the string. All string logic is app/lib/explore/time-range-control.
 */
import { useId, useState } from 'react';
import {
  advancedSides,
  buildAdvancedRange,
  CALENDAR_RANGE_OPTIONS,
  clampGrainValue,
  COMMON_RANGE_OPTIONS,
  controlLabel,
  DATE_TIME_MODES,
  datetimeInputValue,
  decodeCustomRange,
  encodeCustomRange,
  FRAME_OPTIONS,
  GRAINS,
  guessFrame,
  NO_TIME_RANGE,
  todayMidnight,
  valueForFrame,
  type CustomRange,
  type DateTimeMode,
  type FrameType,
  type Grain,
} from '~/lib/explore/time-range-control';
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';
import { errorClass, hintClass } from '~/ui/primitives/field';
import { Input } from '~/ui/primitives/input';
import { Select } from '~/ui/primitives/select';
import type { ControlProps } from '../types';
import { useActualRange, type ActualRange } from './use-actual-range';

export const TIME_RANGE_DIALOG_TITLE = 'Edit time range';

export function DateFilterControl({ id, value, onChange, errors }: ControlProps<string>) {
  const [open, setOpen] = useState(false);
  const range = value || NO_TIME_RANGE;
  const frame = guessFrame(range);
  // Custom and advanced ranges show their evaluated dates, the others keep them for the tooltip (Superset's label table).
  const actual = useActualRange(range === NO_TIME_RANGE ? null : range, 0);
  const actualText = actual && actual.range === range ? actual.text : null;
  const label = controlLabel(range, actualText);
  const title = frame === 'Custom' || frame === 'Advanced' ? range : (actualText ?? undefined);

  return (
    <div>
      <Button id={id} aria-haspopup="dialog" title={title} onClick={() => setOpen(true)} className="w-full justify-start truncate" size="sm">
        {label}
      </Button>
      {errors.length > 0 && <p className={errorClass}>{errors.join(', ')}</p>}
      <Dialog open={open} onClose={() => setOpen(false)} title={TIME_RANGE_DIALOG_TITLE} width={600}>
        {open && (
          <TimeRangeEditor
            initial={range}
            onCancel={() => setOpen(false)}
            onApply={(next) => {
              setOpen(false);
              onChange(next);
            }}
          />
        )}
      </Dialog>
    </div>
  );
}

type EditorProps = {
  initial: string;
  onApply: (value: string) => void;
  onCancel: () => void;
  /** The clock of the default custom range (tests fix it). */
  now?: Date;
  /** A preview answer to start from (tests; the browser asks the server). */
  initialActual?: ActualRange | null;
};

/** The modal's body: the draft, its frame, the preview, CANCEL and APPLY. */
export function TimeRangeEditor({ initial, onApply, onCancel, now, initialActual = null }: EditorProps) {
  const uid = useId();
  const [clock] = useState(() => now ?? new Date());
  const [draft, setDraft] = useState(initial);
  const [frame, setFrame] = useState<FrameType>(() => guessFrame(initial, clock));
  const fetched = useActualRange(draft);
  const actual = fetched ?? initialActual;
  const current = actual && actual.range === draft ? actual : null;
  // APPLY waits for the answer about this very draft, and stays off while the server rejects it.
  const canApply = current !== null && current.error === null;

  const changeFrame = (next: FrameType) => {
    setFrame(next);
    setDraft(valueForFrame(next, draft, clock));
  };

  return (
    <div className="mt-4 space-y-4">
      <Select id={`${uid}-frame`} label="RANGE TYPE" value={frame} onChange={(e) => changeFrame(e.target.value as FrameType)}>
        {FRAME_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </Select>
      {frame === 'Common' && <RangeRadios legend="Configure Time Range: Last..." name={`${uid}-common`} options={COMMON_RANGE_OPTIONS} value={draft} onChange={setDraft} />}
      {frame === 'Calendar' && (
        <RangeRadios legend="Configure Time Range: Previous..." name={`${uid}-calendar`} options={CALENDAR_RANGE_OPTIONS} value={draft} onChange={setDraft} />
      )}
      {frame === 'Custom' && <CustomFrame uid={uid} value={draft} onChange={setDraft} now={clock} />}
      {frame === 'Advanced' && <AdvancedFrame uid={uid} value={draft} onChange={setDraft} />}
      <section aria-labelledby={`${uid}-actual`} className="border-t border-slate-200 pt-3 dark:border-slate-700">
        <h3 id={`${uid}-actual`} className="text-sm font-semibold">Actual time range</h3>
        {current?.error ? (
          <p role="alert" className={errorClass}>{current.error}</p>
        ) : (
          <p role="status" aria-live="polite" className="mt-1 text-sm">{current?.text ?? (actual?.text || '…')}</p>
        )}
      </section>
      <DialogActions>
        <Button onClick={onCancel}>CANCEL</Button>
        <Button variant="primary" disabled={!canApply} onClick={() => onApply(draft)}>APPLY</Button>
      </DialogActions>
    </div>
  );
}

function RangeRadios({ legend, name, options, value, onChange }: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-1 space-y-1">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const SINCE_GRAIN_LABELS: Record<Grain, string> = {
  second: 'Seconds before', minute: 'Minutes before', hour: 'Hours before', day: 'Days before',
  week: 'Weeks before', month: 'Months before', quarter: 'Quarters before', year: 'Years before',
};
const UNTIL_GRAIN_LABELS: Record<Grain, string> = {
  second: 'Seconds after', minute: 'Minutes after', hour: 'Hours after', day: 'Days after',
  week: 'Weeks after', month: 'Months after', quarter: 'Quarters after', year: 'Years after',
};

/** The custom frame: a START and an END, each a date, a quantity relative to the other side, now or midnight. */
function CustomFrame({ uid, value, onChange, now }: { uid: string; value: string; onChange: (value: string) => void; now: Date }) {
  const { range } = decodeCustomRange(value, now);
  const today = todayMidnight(now);
  const update = (patch: Partial<CustomRange>) => onChange(encodeCustomRange({ ...range, ...patch }));
  const bothRelative = range.sinceMode === 'relative' && range.untilMode === 'relative';

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Configure custom time range</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <SideEditor
          uid={`${uid}-since`}
          heading="START (INCLUSIVE)"
          side="Start"
          mode={range.sinceMode}
          datetime={datetimeInputValue(range.sinceDatetime, today)}
          grain={range.sinceGrain}
          grainValue={clampGrainValue(range.sinceGrainValue)}
          grainLabels={SINCE_GRAIN_LABELS}
          onMode={(mode) => update({ sinceMode: mode, sinceDatetime: datetimeInputValue(range.sinceDatetime, today) })}
          onDatetime={(datetime) => update({ sinceDatetime: datetime })}
          onGrain={(grain) => update({ sinceGrain: grain })}
          onGrainValue={(n) => update({ sinceGrainValue: -clampGrainValue(n) })}
        />
        <SideEditor
          uid={`${uid}-until`}
          heading="END (EXCLUSIVE)"
          side="End"
          mode={range.untilMode}
          datetime={datetimeInputValue(range.untilDatetime, today)}
          grain={range.untilGrain}
          grainValue={clampGrainValue(range.untilGrainValue)}
          grainLabels={UNTIL_GRAIN_LABELS}
          onMode={(mode) => update({ untilMode: mode, untilDatetime: datetimeInputValue(range.untilDatetime, today) })}
          onDatetime={(datetime) => update({ untilDatetime: datetime })}
          onGrain={(grain) => update({ untilGrain: grain })}
          onGrainValue={(n) => update({ untilGrainValue: clampGrainValue(n) })}
        />
      </div>
      {bothRelative && (
        <fieldset>
          <legend className="text-sm font-medium">Anchor to</legend>
          <div className="mt-1 flex flex-wrap items-center gap-3 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name={`${uid}-anchor`} checked={range.anchorMode === 'now'} onChange={() => update({ anchorMode: 'now', anchorValue: 'now' })} />
              NOW
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name={`${uid}-anchor`} checked={range.anchorMode === 'specific'} onChange={() => update({ anchorMode: 'specific', anchorValue: today })} />
              Date/Time
            </label>
            {range.anchorMode === 'specific' && (
              <Input id={`${uid}-anchor-value`} type="datetime-local" step={1} label="Anchor date and time" layout="inline"
                value={datetimeInputValue(range.anchorValue, today)} onChange={(e) => e.target.value && update({ anchorValue: e.target.value })} />
            )}
          </div>
        </fieldset>
      )}
    </fieldset>
  );
}

function SideEditor(props: {
  uid: string;
  heading: string;
  side: 'Start' | 'End';
  mode: DateTimeMode;
  datetime: string;
  grain: Grain;
  grainValue: number;
  grainLabels: Record<Grain, string>;
  onMode: (mode: DateTimeMode) => void;
  onDatetime: (datetime: string) => void;
  onGrain: (grain: Grain) => void;
  onGrainValue: (value: number) => void;
}) {
  const { uid, heading, side, mode } = props;
  return (
    <div className="space-y-2">
      <Select id={`${uid}-mode`} label={heading} value={mode} onChange={(e) => props.onMode(e.target.value as DateTimeMode)}>
        {DATE_TIME_MODES.map((m) => (
          <option key={m.value} value={m.value}>{m.label}</option>
        ))}
      </Select>
      {mode === 'specific' && (
        <Input id={`${uid}-datetime`} type="datetime-local" step={1} label={`${side} date and time`} value={props.datetime}
          // An emptied picker keeps the last date: the range needs one.
          onChange={(e) => e.target.value && props.onDatetime(e.target.value)} />
      )}
      {mode === 'relative' && (
        <div className="grid grid-cols-2 gap-2">
          <Input id={`${uid}-quantity`} type="number" min={1} step={1} label={`${side} quantity`} value={props.grainValue}
            onChange={(e) => props.onGrainValue(Number(e.target.value))} />
          <Select id={`${uid}-grain`} label={`${side} period`} value={props.grain} onChange={(e) => props.onGrain(e.target.value as Grain)}>
            {GRAINS.map((g) => (
              <option key={g} value={g}>{props.grainLabels[g]}</option>
            ))}
          </Select>
        </div>
      )}
    </div>
  );
}

/** The advanced frame: START and END as free text (dates, 'today', DATEADD(…) expressions). */
function AdvancedFrame({ uid, value, onChange }: { uid: string; value: string; onChange: (value: string) => void }) {
  const [since, until] = advancedSides(value);
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Configure Advanced Time Range</legend>
      <p className={hintClass}>
        Dates as 2024-01-31 or 2024-01-31T12:00:00, relative phrases as &apos;today&apos;, &apos;now&apos; or &apos;Last 7 days&apos;, or expressions such as
        DATEADD(DATETIME(&quot;now&quot;), -7, day). Leave a side empty to leave it open.
      </p>
      <Input id={`${uid}-advanced-since`} label="START (INCLUSIVE)" value={since} autoComplete="off" spellCheck={false}
        onChange={(e) => onChange(buildAdvancedRange(e.target.value, until))} />
      <Input id={`${uid}-advanced-until`} label="END (EXCLUSIVE)" value={until} autoComplete="off" spellCheck={false}
        onChange={(e) => onChange(buildAdvancedRange(since, e.target.value))} />
    </fieldset>
  );
}
