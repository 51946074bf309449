/**
 * The conditional-formatting control's rules (Superset's ConditionalFormattingControl and its
 * formatter popover): the operators, which target values each needs, the spec's validation
 * messages, a rule's list label, and the result columns a rule may name. The saved shape is the
 * table plugin's: `{column, colorScheme, operator, targetValue?, targetValueLeft?, targetValueRight?}`
 * with the colour's hex value in colorScheme.
 */

/** Superset's Comparator values, as form data saves them. */
export const OPERATORS = ['None', '>', '<', '≥', '≤', '=', '≠', '< x <', '≤ x ≤', '≤ x <', '< x ≤'] as const;
export type Operator = (typeof OPERATORS)[number];
export const BETWEEN_OPERATORS: readonly string[] = ['< x <', '≤ x ≤', '≤ x <', '< x ≤'];

export const REQUIRED = 'Required';
export const LEFT_NOT_SMALLER = 'This value should be smaller than the right target value';
export const RIGHT_NOT_GREATER = 'This value should be greater than the left target value';

export interface FormattingRule {
  column?: string;
  colorScheme?: string;
  operator?: string;
  targetValue?: number;
  targetValueLeft?: number;
  targetValueRight?: number;
}

/** The popover's fields as typed (numbers are text until saved). */
export interface FormattingDraft {
  column: string;
  colorScheme: string;
  operator: string;
  targetValue: string;
  targetValueLeft: string;
  targetValueRight: string;
}

export type FormattingField = keyof FormattingDraft;
export type FormattingErrors = Partial<Record<FormattingField, string>>;

export const isBetween = (operator: string | undefined) => operator !== undefined && BETWEEN_OPERATORS.includes(operator);

/** Which target fields the operator shows: none for None, left and right for between, else one. */
export function targetFields(operator: string | undefined): FormattingField[] {
  if (!operator || operator === 'None') return [];
  return isBetween(operator) ? ['targetValueLeft', 'targetValueRight'] : ['targetValue'];
}

const numberOf = (text: string): number | null => {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

const textOf = (n: number | undefined) => (n === undefined || n === null ? '' : String(n));

/** A new rule starts on the first column and colour and on 'None' (Superset's initial values). */
export function draftOf(rule: FormattingRule | null, columns: string[], defaultColor: string): FormattingDraft {
  return {
    column: rule?.column ?? columns[0] ?? '',
    colorScheme: rule?.colorScheme ?? defaultColor,
    operator: rule?.operator ?? 'None',
    targetValue: textOf(rule?.targetValue),
    targetValueLeft: textOf(rule?.targetValueLeft),
    targetValueRight: textOf(rule?.targetValueRight),
  };
}

/**
 * The messages of the fields shown: every one 'Required' (a target that is not a number counts as
 * missing); between operators also need left < right, each side naming the other.
 */
export function validateDraft(draft: FormattingDraft): FormattingErrors {
  const errors: FormattingErrors = {};
  for (const field of ['column', 'colorScheme', 'operator'] as const) {
    if (!draft[field]) errors[field] = REQUIRED;
  }
  for (const field of targetFields(draft.operator)) {
    if (numberOf(draft[field]) === null) errors[field] = REQUIRED;
  }
  if (isBetween(draft.operator)) {
    const left = numberOf(draft.targetValueLeft);
    const right = numberOf(draft.targetValueRight);
    if (left !== null && right !== null && !(left < right)) {
      errors.targetValueLeft = LEFT_NOT_SMALLER;
      errors.targetValueRight = RIGHT_NOT_GREATER;
    }
  }
  return errors;
}

/** The rule to save: only the targets its operator uses, as numbers. Null while the draft is invalid. */
export function ruleOf(draft: FormattingDraft): FormattingRule | null {
  if (Object.keys(validateDraft(draft)).length > 0) return null;
  const rule: FormattingRule = { column: draft.column, colorScheme: draft.colorScheme, operator: draft.operator };
  for (const field of targetFields(draft.operator)) {
    rule[field as 'targetValue' | 'targetValueLeft' | 'targetValueRight'] = Number(draft[field]);
  }
  return rule;
}

/** How the list names a rule: 'num > 10', '1 < num ≤ 5', or the column alone for None. */
export function ruleLabel(rule: FormattingRule, verboseMap: Record<string, string> = {}): string {
  const column = rule.column === undefined ? '' : Object.hasOwn(verboseMap, rule.column) ? verboseMap[rule.column] : rule.column;
  if (!rule.operator || rule.operator === 'None') return column;
  if (isBetween(rule.operator)) {
    const [leftOp, rightOp] = rule.operator.split(' x ');
    return `${rule.targetValueLeft} ${leftOp} ${column} ${rightOp} ${rule.targetValueRight}`;
  }
  return `${column} ${rule.operator} ${rule.targetValue}`;
}

/** The result columns a rule may name: the numeric ones (GenericDataType 0) of the chart's last answer. */
export function numericResultColumns(results: { colnames: string[]; coltypes: number[] } | null): string[] {
  if (!results) return [];
  return results.colnames.filter((_, i) => results.coltypes[i] === 0);
}

/**
 * Rules whose column the chart no longer returns are dropped (Superset's removeIrrelevantConditions,
 * on when the chart's answer is there). Null when nothing changes.
 */
export function withoutIrrelevantRules(rules: FormattingRule[], columns: string[]): FormattingRule[] | null {
  const kept = rules.filter((rule) => rule.column !== undefined && columns.includes(rule.column));
  return kept.length === rules.length ? null : kept;
}
