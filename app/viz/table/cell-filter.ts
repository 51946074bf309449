/**
 * The table's opt-in cross-filter clicks: a page that cross-filters (the dashboard) provides this
 * context around the chart, and the table's dimension cells become buttons reporting the clicked
 * column and value, the cells of the selection in force marked as pressed. Without the context
 * (Explore, the server render, no scripts) the table draws plain cells.
 */
import { createContext } from 'react';

export type TableCellValue = string | number | boolean | null;

export type TableCellFilter = {
  /** Per column, the values of the cross-filter in force (the cells to mark). */
  selection: Readonly<Record<string, readonly TableCellValue[]>> | null;
  onCellClick: (column: string, value: TableCellValue) => void;
};

export const TableCellFilterContext = createContext<TableCellFilter | null>(null);
