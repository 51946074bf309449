import { describe, expect, it } from 'vitest';
import { columnDisplayLabel, columnEditorDefaultTab, columnEditorResult, isColumnIncompatible, isDerivedColumn } from './column-value';

const columns = [
  { column_name: 'name', verbose_name: 'Name', expression: null },
  { column_name: 'num', verbose_name: null, expression: null },
  { column_name: 'big', verbose_name: null, expression: 'num > 100' },
];

describe('columnEditorResult', () => {
  it('saves a chosen column by name, or as a labelled reference under a custom label', () => {
    expect(columnEditorResult({ kind: 'SIMPLE', name: 'num', sql: '', label: '' })).toBe('num');
    expect(columnEditorResult({ kind: 'SAVED', name: 'big', sql: '', label: 'Big ones' })).toEqual({
      sqlExpression: 'big',
      label: 'Big ones',
      expressionType: 'SQL',
      isColumnReference: true,
    });
  });

  it('saves SQL labelled by its label or itself, and nothing while empty', () => {
    expect(columnEditorResult({ kind: 'SQL', name: null, sql: ' UPPER(name) ', label: '' })).toEqual({ sqlExpression: 'UPPER(name)', label: 'UPPER(name)', expressionType: 'SQL' });
    expect(columnEditorResult({ kind: 'SQL', name: null, sql: 'x', label: 'Upper' })).toMatchObject({ label: 'Upper' });
    expect(columnEditorResult({ kind: 'SQL', name: null, sql: '  ', label: '' })).toBeNull();
    expect(columnEditorResult({ kind: 'SIMPLE', name: null, sql: '', label: 'x' })).toBeNull();
  });
});

describe('columnEditorDefaultTab', () => {
  it('opens SQL columns on Custom SQL, chosen columns on their tab, new ones on Saved when there are calculated columns', () => {
    expect(columnEditorDefaultTab({ sqlExpression: 'x', label: 'x', expressionType: 'SQL' }, columns)).toBe('SQL');
    expect(columnEditorDefaultTab('num', columns)).toBe('SIMPLE');
    expect(columnEditorDefaultTab('big', columns)).toBe('SAVED');
    expect(columnEditorDefaultTab(null, columns)).toBe('SAVED');
    expect(columnEditorDefaultTab(null, columns.slice(0, 2))).toBe('SIMPLE');
  });
});

describe('option row looks', () => {
  it('labels, marks derived columns and flags missing ones', () => {
    expect(columnDisplayLabel('name', columns)).toBe('Name');
    expect(columnDisplayLabel({ sqlExpression: 'UPPER(name)', label: 'upper' }, columns)).toBe('upper');
    expect(isDerivedColumn('big', columns)).toBe(true);
    expect(isDerivedColumn('num', columns)).toBe(false);
    expect(isDerivedColumn({ sqlExpression: 'num', label: 'n', isColumnReference: true }, columns)).toBe(false);
    expect(isColumnIncompatible('gone', columns)).toBe(true);
    expect(isColumnIncompatible({ sqlExpression: 'UPPER(gone)', label: 'x' }, columns)).toBe(false);
  });
});
