import { describe, expect, it } from 'vitest';
import {
  draftOf,
  LEFT_NOT_SMALLER,
  numericResultColumns,
  OPERATORS,
  REQUIRED,
  RIGHT_NOT_GREATER,
  ruleLabel,
  ruleOf,
  targetFields,
  validateDraft,
  withoutIrrelevantRules,
} from './conditional-formatting';

const draft = (over: Partial<ReturnType<typeof draftOf>>) => ({ ...draftOf(null, ['num'], '#ACE1C4'), ...over });

describe('operators', () => {
  it('are the spec\'s eleven, None first', () => {
    expect(OPERATORS).toHaveLength(11);
    expect(OPERATORS[0]).toBe('None');
  });

  it('ask for no target, one, or a left and right one', () => {
    expect(targetFields('None')).toEqual([]);
    expect(targetFields('≥')).toEqual(['targetValue']);
    expect(targetFields('≤ x <')).toEqual(['targetValueLeft', 'targetValueRight']);
  });
});

describe('validateDraft', () => {
  it('requires every field shown', () => {
    expect(validateDraft(draft({ column: '', colorScheme: '', operator: '' }))).toEqual({ column: REQUIRED, colorScheme: REQUIRED, operator: REQUIRED });
    expect(validateDraft(draft({ operator: '>' }))).toEqual({ targetValue: REQUIRED });
    expect(validateDraft(draft({ operator: '< x <' }))).toEqual({ targetValueLeft: REQUIRED, targetValueRight: REQUIRED });
    expect(validateDraft(draft({ operator: '>', targetValue: 'abc' }))).toEqual({ targetValue: REQUIRED });
    expect(validateDraft(draft({ operator: 'None' }))).toEqual({});
  });

  it('needs the left target below the right one, each side saying so', () => {
    expect(validateDraft(draft({ operator: '< x <', targetValueLeft: '10', targetValueRight: '5' }))).toEqual({
      targetValueLeft: LEFT_NOT_SMALLER,
      targetValueRight: RIGHT_NOT_GREATER,
    });
    expect(validateDraft(draft({ operator: '≤ x ≤', targetValueLeft: '5', targetValueRight: '5' }))).toEqual({
      targetValueLeft: 'This value should be smaller than the right target value',
      targetValueRight: 'This value should be greater than the left target value',
    });
    expect(validateDraft(draft({ operator: '≤ x ≤', targetValueLeft: '0', targetValueRight: '5' }))).toEqual({});
  });
});

describe('ruleOf', () => {
  it('saves the targets its operator uses, as numbers', () => {
    expect(ruleOf(draft({ operator: '>', targetValue: '10', targetValueLeft: '1' }))).toEqual({ column: 'num', colorScheme: '#ACE1C4', operator: '>', targetValue: 10 });
    expect(ruleOf(draft({ operator: '< x ≤', targetValueLeft: '1', targetValueRight: '2.5' }))).toEqual({
      column: 'num',
      colorScheme: '#ACE1C4',
      operator: '< x ≤',
      targetValueLeft: 1,
      targetValueRight: 2.5,
    });
    expect(ruleOf(draft({ operator: '>' }))).toBeNull();
  });

  it('round-trips through the draft', () => {
    const rule = { column: 'num', colorScheme: '#EFA1AA', operator: '≠', targetValue: 0 };
    expect(ruleOf(draftOf(rule, ['num'], '#ACE1C4'))).toEqual(rule);
  });
});

describe('ruleLabel', () => {
  it('names the rule by column, operator and targets', () => {
    expect(ruleLabel({ column: 'num', operator: '>', targetValue: 10 })).toBe('num > 10');
    expect(ruleLabel({ column: 'num', operator: '≤ x <', targetValueLeft: 1, targetValueRight: 5 })).toBe('1 ≤ num < 5');
    expect(ruleLabel({ column: 'num', operator: 'None' })).toBe('num');
    expect(ruleLabel({ column: 'num', operator: '=' , targetValue: 3 }, { num: 'Number' })).toBe('Number = 3');
  });
});

describe('columns', () => {
  it('offers the numeric result columns', () => {
    expect(numericResultColumns({ colnames: ['name', 'num', 'ds', 'sum__num'], coltypes: [1, 0, 2, 0] })).toEqual(['num', 'sum__num']);
    expect(numericResultColumns(null)).toEqual([]);
  });

  it('drops rules whose column is gone, and says when nothing changes', () => {
    const rules = [{ column: 'num', operator: 'None' }, { column: 'gone', operator: 'None' }];
    expect(withoutIrrelevantRules(rules, ['num'])).toEqual([{ column: 'num', operator: 'None' }]);
    expect(withoutIrrelevantRules(rules, ['num', 'gone'])).toBeNull();
  });
});
