/**
 * The chart type's control panel: its sections (collapsible, open unless the section says
 * `expanded: false`), rows of one to three controls side by side, and each control drawn by the
 * component of its type (control-registry.ts) with the form data's value, its label tied to its
 * input, its description, and the validator messages under it (the label turns red, as
 * Superset's). A control whose `visibility` says no, or whose type has no component, is not drawn;
 * neither is a section left with nothing to draw.
 */
import { useId, useMemo, useState, type ReactNode } from 'react';
import { resolveControl } from '~/viz/shared/controls';
import type { ControlConfig, ControlContext, ControlPanel as Panel, ControlPanelSection, FormData } from '~/viz/types';
import { errorClass, hintClass } from '~/ui/primitives/field';
import { Icon } from '~/ui/primitives/icon';
import { controlComponent, type ControlComponent } from './control-registry';
import { labelModeOf } from './controls/basic-controls';
import { descriptionIdOf, errorIdOf, hasDescription, labelIdOf } from './controls/basic/control-aria';
import type { ExploreDatasource, ExploreResults } from './types';

export type ControlPanelProps = {
  panel: Panel;
  formData: FormData;
  datasource: ExploreDatasource | null;
  /** One control's new value. */
  onChange: (name: string, value: unknown) => void;
  /** Validator messages by control name. */
  errors: Record<string, string[]>;
  results: ExploreResults | null;
};

/** A control to draw: resolved, visible in this context, and of a type that has a component. */
type DrawnControl = { name: string; config: ControlConfig; Component: ControlComponent };

/** The rows of a section as they are drawn: hidden and unknown controls out, empty rows dropped. */
export function drawnRows(section: ControlPanelSection, overrides: Panel['controlOverrides'], context: ControlContext): DrawnControl[][] {
  const rows: DrawnControl[][] = [];
  for (const row of section.controlSetRows) {
    const cells: DrawnControl[] = [];
    for (const item of row) {
      const control = resolveControl(item, overrides);
      if (!control) continue;
      if (control.config.visibility && !control.config.visibility(context)) continue;
      const Component = controlComponent(control.config.type);
      if (!Component) continue;
      cells.push({ ...control, Component });
    }
    if (cells.length) rows.push(cells);
  }
  return rows;
}

export const controlIdOf = (name: string) => `control-${name}`;

export function ControlPanel({ panel, formData, datasource, onChange, errors, results }: ControlPanelProps) {
  const context = useMemo<ControlContext>(() => ({ formData, datasource }), [formData, datasource]);
  return (
    <div className="space-y-3">
      {panel.sections.map((section, index) => {
        const rows = drawnRows(section, panel.controlOverrides, context);
        if (!rows.length) return null;
        const body = rows.map((row) => (
          <div key={row.map((c) => c.name).join('|')} className={`grid gap-3 ${GRID_COLUMNS[Math.min(row.length, 3)]}`}>
            {row.map((control) => (
              <ControlCell key={control.name} control={control} value={formData[control.name]} onChange={onChange} context={context}
                datasource={datasource} errors={errors[control.name] ?? []} results={results} />
            ))}
          </div>
        ));
        return (
          <Section key={section.label ?? `section-${index}`} section={section}>
            {body}
          </Section>
        );
      })}
    </div>
  );
}

const GRID_COLUMNS: Record<number, string> = { 1: 'grid-cols-1', 2: 'grid-cols-2', 3: 'grid-cols-3' };

function Section({ section, children }: { section: ControlPanelSection; children: ReactNode }) {
  const [open, setOpen] = useState(section.expanded !== false);
  const headingId = useId();
  const bodyId = useId();
  if (!section.label) return <div className="space-y-3">{children}</div>;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 dark:border-slate-800">
      <h3 id={headingId} className="text-sm font-semibold">
        <button type="button" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between gap-2 rounded-lg px-3 py-2 text-left hover:bg-slate-50 dark:hover:bg-slate-900">
          <span>{section.label}</span>
          <Icon name={open ? 'chevron-down' : 'chevron-right'} />
        </button>
      </h3>
      {/* Kept mounted while collapsed so a control's typed text survives folding the section. */}
      <div id={bodyId} hidden={!open} className="space-y-3 px-3 pb-3">
        {section.description && <p className={hintClass}>{section.description}</p>}
        {children}
      </div>
    </section>
  );
}

type CellProps = {
  control: DrawnControl;
  value: unknown;
  onChange: ControlPanelProps['onChange'];
  context: ControlContext;
  datasource: ExploreDatasource | null;
  errors: string[];
  results: ExploreResults | null;
};

function ControlCell({ control: { name, config, Component }, value, onChange, context, datasource, errors, results }: CellProps) {
  const id = controlIdOf(name);
  const mode = labelModeOf(config.type);
  const input = (
    <Component id={id} name={name} config={config} value={value} onChange={(next: unknown) => onChange(name, next)} context={context}
      datasource={datasource} errors={errors} results={results} />
  );
  if (mode === 'none') return input;

  const invalid = errors.length > 0;
  const labelClass = `text-sm font-medium ${invalid ? 'text-rose-700 dark:text-rose-300' : ''}`;
  const labelText = config.label;
  const label = !labelText ? null : mode === 'group' ? (
    <span id={labelIdOf(id)} className={labelClass}>{labelText}</span>
  ) : (
    <label id={labelIdOf(id)} htmlFor={id} className={labelClass}>{labelText}</label>
  );
  const description = hasDescription(config.description) ? (
    <>
      {/* The input's description for assistive technology; the tip below is its visual twin. */}
      <span id={descriptionIdOf(id)} hidden>{config.description}</span>
      <DescriptionTip text={config.description} />
    </>
  ) : null;
  const messages = invalid ? (
    <div id={errorIdOf(id)} className={errorClass}>
      {errors.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  ) : null;

  if (mode === 'inline') {
    return (
      <div className="min-w-0" data-control={name}>
        <div className="flex items-center gap-2">
          {input}
          {label}
          {description}
        </div>
        {messages}
      </div>
    );
  }
  return (
    <div className="min-w-0" data-control={name}>
      {(label || description) && (
        <div className="flex items-center gap-1.5">
          {label}
          {description}
        </div>
      )}
      {input}
      {messages}
    </div>
  );
}

/**
 * An 'i' that shows the control's description on hover. Hidden from assistive technology: the
 * input is already described by the same text (aria-describedby), and a focusable tip per control
 * would double the tab stops of a long panel.
 */
function DescriptionTip({ text }: { text: string }) {
  return (
    <span aria-hidden="true" className="group/tip relative inline-flex">
      <span className="inline-flex size-4 cursor-help items-center justify-center rounded-full border border-slate-400 text-[10px] leading-none text-slate-500">i</span>
      <span className="pointer-events-none absolute bottom-full left-1/2 z-50 mb-1 hidden w-64 -translate-x-1/2 rounded bg-slate-900 px-2 py-1 text-xs font-normal text-white shadow group-hover/tip:block dark:bg-slate-700">
        {text}
      </span>
    </span>
  );
}
