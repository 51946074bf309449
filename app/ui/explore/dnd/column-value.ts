/**
 * Column selector values (form data's shapes): a column's name, or an adhoc column
 * {sqlExpression, label, expressionType: 'SQL'} (a physical column under a custom label is one
 * with isColumnReference, as Superset writes it). What the column editor and option rows need.
 */
import type { AdhocColumn, QueryColumn } from '~/lib/chart-data/types';
import { truncateLabel } from '~/lib/explore/adhoc-metric';

export type { AdhocColumn, QueryColumn };

export type ColumnTab = 'SAVED' | 'SIMPLE' | 'SQL';

export const DEFAULT_COLUMN_TITLE = 'My column';

type NamedColumn = { column_name: string; verbose_name?: string | null; expression?: string | null };

export function isAdhocColumnValue(value: unknown): value is AdhocColumn {
  return typeof value === 'object' && value !== null && typeof (value as AdhocColumn).sqlExpression === 'string';
}

/** The option row's text: a column's verbose name, an adhoc column's label or expression. */
export function columnDisplayLabel(value: QueryColumn, columns: readonly NamedColumn[]): string {
  if (typeof value === 'string') return columns.find((c) => c.column_name === value)?.verbose_name || value;
  return value.label || truncateLabel(value.sqlExpression);
}

/** Whether the row shows the function icon: SQL columns and the dataset's calculated columns. */
export function isDerivedColumn(value: QueryColumn, columns: readonly NamedColumn[]): boolean {
  if (typeof value !== 'string') return !value.isColumnReference;
  return !!columns.find((c) => c.column_name === value)?.expression;
}

/** A physical column the dataset lacks: 'This column might be incompatible with current dataset'. */
export function isColumnIncompatible(value: QueryColumn, columns: readonly NamedColumn[]): boolean {
  const name = typeof value === 'string' ? value : value.isColumnReference ? value.sqlExpression : null;
  return !!name && !columns.some((c) => c.column_name === name);
}

/** Where the editor opens (Superset's ColumnSelectPopover): SQL for an expression, Simple for a column, else Saved when there are calculated columns. */
export function columnEditorDefaultTab(value: QueryColumn | null, columns: readonly NamedColumn[]): ColumnTab {
  const calculated = columns.filter((c) => c.expression);
  if (value && typeof value === 'object' && !value.isColumnReference) return 'SQL';
  const name = typeof value === 'string' ? value : value?.sqlExpression;
  if (name && calculated.some((c) => c.column_name === name)) return 'SAVED';
  if (name || calculated.length === 0) return 'SIMPLE';
  return 'SAVED';
}

/**
 * The value the column editor saves: a name (under a custom label, a column reference), or the
 * SQL expression labelled by its label or itself; null when nothing is chosen yet.
 */
export function columnEditorResult(choice: { kind: ColumnTab; name: string | null; sql: string; label: string }): QueryColumn | null {
  const label = choice.label.trim();
  if (choice.kind === 'SQL') {
    const sql = choice.sql.trim();
    return sql ? { sqlExpression: sql, label: label || sql, expressionType: 'SQL' } : null;
  }
  if (!choice.name) return null;
  return label && label !== choice.name ? { sqlExpression: choice.name, label, expressionType: 'SQL', isColumnReference: true } : choice.name;
}
