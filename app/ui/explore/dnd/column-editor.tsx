/**
 * The column editor (Superset's ColumnSelectPopover): an editable title ('My column' until a
 * column is chosen), tabs Saved (the dataset's calculated columns), Simple (a column) and Custom
 * SQL, Close and Save (enabled for a valid change).
 */
import { useId, useMemo, useState } from 'react';
import { Select } from '~/ui/primitives/select';
import { TextArea } from '~/ui/primitives/input';
import type { ExploreColumn } from '../types';
import {
  DEFAULT_COLUMN_TITLE,
  columnDisplayLabel,
  columnEditorDefaultTab,
  columnEditorResult,
  type ColumnTab,
  type QueryColumn,
} from './column-value';
import { EditableTitle } from './editable-title';
import { EditorFooter, EmptyState } from './editor-footer';
import { EditorTabs } from './editor-tabs';

export type ColumnEditorProps = {
  value: QueryColumn | null;
  isNew: boolean;
  /** The columns this selector offers (its choices). */
  columns: ExploreColumn[];
  onSave: (column: QueryColumn) => void;
  onClose: () => void;
};

function initialChoice(value: QueryColumn | null, columns: ExploreColumn[]) {
  if (value === null) return { kind: columnEditorDefaultTab(null, columns), name: null, sql: '', label: '' };
  if (typeof value === 'string') return { kind: columnEditorDefaultTab(value, columns), name: value, sql: '', label: '' };
  if (value.isColumnReference) return { kind: columnEditorDefaultTab(value, columns), name: value.sqlExpression, sql: '', label: value.label ?? '' };
  return { kind: 'SQL' as const, name: null, sql: value.sqlExpression, label: value.label && value.label !== value.sqlExpression ? value.label : '' };
}

export function ColumnEditor({ value, isNew, columns, onSave, onClose }: ColumnEditorProps) {
  const id = useId();
  const [choice, setChoice] = useState(() => initialChoice(value, columns));
  const [tab, setTab] = useState<ColumnTab>(choice.kind);
  const calculated = columns.filter((c) => c.expression);
  const physical = columns.filter((c) => !c.expression);

  const result = useMemo(() => columnEditorResult(choice), [choice]);
  const changed = isNew || JSON.stringify(result) !== JSON.stringify(value);
  const title = choice.label || (result !== null ? columnDisplayLabel(result, columns) : DEFAULT_COLUMN_TITLE);

  const pick = (kind: ColumnTab, name: string) => setChoice((current) => ({ ...current, kind, name: name || null, sql: '' }));

  const savedTab = calculated.length ? (
    <Select label="Saved expression" value={choice.kind === 'SAVED' ? choice.name ?? '' : ''} onChange={(e) => pick('SAVED', e.target.value)}>
      <option value="">Select a calculated column</option>
      {calculated.map((c) => (
        <option key={c.column_name} value={c.column_name}>
          {c.verbose_name || c.column_name}
        </option>
      ))}
    </Select>
  ) : (
    <EmptyState title="No saved expressions found" hint='Add calculated columns to dataset in "Edit datasource" modal' />
  );

  const simpleTab = (
    <Select label="Column" value={choice.kind === 'SIMPLE' ? choice.name ?? '' : ''} onChange={(e) => pick('SIMPLE', e.target.value)}>
      <option value="">Select column</option>
      {physical.map((c) => (
        <option key={c.column_name} value={c.column_name}>
          {c.verbose_name || c.column_name}
        </option>
      ))}
    </Select>
  );

  const sqlTab = (
    <TextArea
      label="Custom SQL"
      rows={4}
      controlClassName="font-mono"
      value={choice.kind === 'SQL' ? choice.sql : ''}
      onChange={(e) => {
        const sql = e.target.value;
        setChoice((current) => ({ ...current, kind: 'SQL', name: null, sql }));
      }}
    />
  );

  return (
    <div>
      <EditableTitle kind="column" title={title} onChange={(label) => setChoice((current) => ({ ...current, label }))} />
      <EditorTabs<ColumnTab>
        label="Column type"
        idPrefix={id}
        selected={tab}
        onSelect={setTab}
        tabs={[
          { key: 'SAVED', title: 'Saved', body: savedTab },
          { key: 'SIMPLE', title: 'Simple', body: simpleTab },
          { key: 'SQL', title: 'Custom SQL', body: sqlTab },
        ]}
      />
      <EditorFooter canSave={!!result && changed} onClose={onClose} onSave={() => result !== null && onSave(result)} />
    </div>
  );
}
