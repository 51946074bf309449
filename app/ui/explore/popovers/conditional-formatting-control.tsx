/**
 * Conditional formatting (Superset's ConditionalFormattingControl): the list of rules, each
 * opening 'Edit formatter', a delete button per rule, and 'Add new color formatter' opening 'Add
 * new formatter' (450 px). Every field is required and checked when it loses focus (and all at
 * once on Apply); between operators also need left < right. Columns: the table's numeric result
 * columns; for other charts (pivot table, big number) the metrics of the form data. A table rule
 * whose column the chart no longer returns is dropped once the chart has answered, as Superset does.
 */
import { useEffect, useId, useState } from 'react';
import {
  draftOf,
  numericResultColumns,
  OPERATORS,
  ruleLabel,
  ruleOf,
  targetFields,
  validateDraft,
  withoutIrrelevantRules,
  type FormattingDraft,
  type FormattingField,
  type FormattingRule,
} from '~/lib/explore/conditional-formatting';
import { getMetricLabel } from '~/viz/shared/query/labels';
import type { QueryMetric } from '~/viz/shared/query/types';
import { CONDITIONAL_COLORS } from '~/viz/table/conditional-formatting';
import type { FormData } from '~/viz/types';
import { Button } from '~/ui/primitives/button';
import { errorClass, hintClass } from '~/ui/primitives/field';
import { Icon } from '~/ui/primitives/icon';
import { Input } from '~/ui/primitives/input';
import { Popover } from '~/ui/primitives/popover';
import { Select } from '~/ui/primitives/select';
import type { ControlProps, ExploreResults } from '../types';

export const ADD_FORMATTER_BUTTON = 'Add new color formatter';
export const ADD_FORMATTER_TITLE = 'Add new formatter';
export const EDIT_FORMATTER_TITLE = 'Edit formatter';
const POPOVER_WIDTH = 450;

/** The spec's colour names with the value saved (the theme colour, as Superset saves it). */
export const COLOR_OPTIONS: [value: string, label: string][] = Object.entries(CONDITIONAL_COLORS).map(([label, hex]) => [hex, label]);
const DEFAULT_COLOR = COLOR_OPTIONS[0][0];

/** The columns a rule may name: the table's numeric result columns, or the chart's metrics. */
export function formattingColumns(formData: FormData, results: ExploreResults | null): string[] {
  if (formData.viz_type === 'table') return numericResultColumns(results);
  const metrics = [...(Array.isArray(formData.metrics) ? formData.metrics : []), ...(formData.metric ? [formData.metric] : [])];
  return [...new Set(metrics.map((m) => getMetricLabel(m as QueryMetric)))];
}

export function ConditionalFormattingControl({ id, value, onChange, context, results, errors }: ControlProps<FormattingRule[]>) {
  const rules = Array.isArray(value) ? value : [];
  const columns = formattingColumns(context.formData, results);
  const verboseMap = context.datasource?.verboseMap ?? {};
  const isTable = context.formData.viz_type === 'table';

  // Superset's removeIrrelevantConditions: only once the table has answered with its columns.
  const pruned = isTable && results && results.colnames.length > 0 ? withoutIrrelevantRules(rules, columns) : null;
  // Keyed by content: the array is new on every render, the change it asks for is not.
  const prunedKey = pruned ? JSON.stringify(pruned) : null;
  useEffect(() => {
    if (prunedKey !== null) onChange(JSON.parse(prunedKey) as FormattingRule[]);
  }, [prunedKey, onChange]);

  return (
    <div id={id} className="space-y-1">
      <ul aria-label="Conditional formatting rules" className="space-y-1">
        {rules.map((rule, index) => {
          const label = ruleLabel(rule, verboseMap);
          return (
            <li key={`${index}-${label}`} className="flex items-center gap-1">
              <Button size="icon" variant="ghost" aria-label={`Delete ${label}`} onClick={() => onChange(rules.filter((_, i) => i !== index))}>
                <Icon name="close" />
              </Button>
              <div className="min-w-0 flex-1">
                <Popover
                  title={EDIT_FORMATTER_TITLE}
                  width={POPOVER_WIDTH}
                  trigger={
                    <span className="flex items-center gap-2">
                      <span aria-hidden className="h-3 w-3 shrink-0 rounded-sm" style={{ background: colorValue(rule.colorScheme) }} />
                      <span className="truncate">{label}</span>
                    </span>
                  }
                  triggerLabel={label}
                  triggerClassName="w-full rounded-md border border-slate-300 px-2 py-1 text-left text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
                >
                  {(close) => (
                    <FormatterEditor
                      initial={rule}
                      columns={columns}
                      verboseMap={verboseMap}
                      onApply={(next) => {
                        onChange(rules.map((r, i) => (i === index ? next : r)));
                        close();
                      }}
                    />
                  )}
                </Popover>
              </div>
            </li>
          );
        })}
      </ul>
      <Popover
        title={ADD_FORMATTER_TITLE}
        width={POPOVER_WIDTH}
        trigger={<span>+ {ADD_FORMATTER_BUTTON}</span>}
        triggerLabel={ADD_FORMATTER_BUTTON}
        triggerClassName="w-full rounded-md border border-dashed border-slate-300 px-2 py-1 text-left text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        {(close) => (
          <FormatterEditor
            initial={null}
            columns={columns}
            verboseMap={verboseMap}
            onApply={(next) => {
              onChange([...rules, next]);
              close();
            }}
          />
        )}
      </Popover>
      {errors.length > 0 && <p className={errorClass}>{errors.join(', ')}</p>}
    </div>
  );
}

/** A rule may name its colour ('success') or hold its value; the select holds the value. */
function colorValue(colorScheme: string | undefined): string | undefined {
  return colorScheme && Object.hasOwn(CONDITIONAL_COLORS, colorScheme) ? CONDITIONAL_COLORS[colorScheme] : colorScheme;
}

const TARGET_LABELS: Record<string, string> = { targetValue: 'Target value', targetValueLeft: 'Left value', targetValueRight: 'Right value' };

/** The popover's body: one rule as a draft, validated field by field as each loses focus. */
export function FormatterEditor({ initial, columns, verboseMap, onApply, initialTouched = {} }: {
  initial: FormattingRule | null;
  columns: string[];
  verboseMap: Record<string, string>;
  onApply: (rule: FormattingRule) => void;
  /** Fields to show messages for from the start (tests). */
  initialTouched?: Partial<Record<FormattingField, boolean>>;
}) {
  const uid = useId();
  const [draft, setDraft] = useState<FormattingDraft>(() => {
    const d = draftOf(initial, columns, DEFAULT_COLOR);
    return { ...d, colorScheme: colorValue(d.colorScheme) ?? '' };
  });
  const [touched, setTouched] = useState<Partial<Record<FormattingField, boolean>>>(initialTouched);
  const errors = validateDraft(draft);
  const shown = (field: FormattingField) => (touched[field] ? errors[field] : undefined);
  const blur = (field: FormattingField) => () => setTouched((t) => ({ ...t, [field]: true }));
  const set = (patch: Partial<FormattingDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const colorOptions = COLOR_OPTIONS.some(([v]) => v === draft.colorScheme) || !draft.colorScheme ? COLOR_OPTIONS : [...COLOR_OPTIONS, [draft.colorScheme, draft.colorScheme]];
  const columnOptions = draft.column && !columns.includes(draft.column) ? [draft.column, ...columns] : columns;

  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const rule = ruleOf(draft);
        if (rule) onApply(rule);
        else setTouched({ column: true, colorScheme: true, operator: true, targetValue: true, targetValueLeft: true, targetValueRight: true });
      }}
    >
      {columns.length === 0 && <p className={hintClass}>No numeric columns: run the chart first.</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        <Select id={`${uid}-column`} label="Column" required value={draft.column} error={shown('column')} errorRole="alert"
          onChange={(e) => set({ column: e.target.value })} onBlur={blur('column')}>
          <option value="">Select…</option>
          {columnOptions.map((c) => (
            <option key={c} value={c}>{Object.hasOwn(verboseMap, c) ? verboseMap[c] : c}</option>
          ))}
        </Select>
        <Select id={`${uid}-color`} label="Color scheme" required value={draft.colorScheme} error={shown('colorScheme')} errorRole="alert"
          onChange={(e) => set({ colorScheme: e.target.value })} onBlur={blur('colorScheme')}>
          {colorOptions.map(([v, l]) => (
            <option key={v} value={v}>{l}</option>
          ))}
        </Select>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <Select id={`${uid}-operator`} label="Operator" required value={draft.operator} error={shown('operator')} errorRole="alert"
          onChange={(e) => set({ operator: e.target.value })} onBlur={blur('operator')}>
          {OPERATORS.map((o) => (
            <option key={o} value={o}>{o}</option>
          ))}
        </Select>
        {targetFields(draft.operator).map((field) => (
          <Input key={field} id={`${uid}-${field}`} label={TARGET_LABELS[field]} type="number" required inputMode="decimal" value={draft[field]}
            error={shown(field)} errorRole="alert" onChange={(e) => set({ [field]: e.target.value })} onBlur={blur(field)} />
        ))}
      </div>
      <div className="flex justify-end">
        <Button size="sm" type="submit" variant="primary">Apply</Button>
      </div>
    </form>
  );
}
