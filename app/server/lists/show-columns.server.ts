/**
 * A show answer cut to the columns a `?q=(columns:!(…))` asks for, as Superset's show endpoints
 * do: `database.id` picks inside an object, `owners.id` inside each item of a list. Every name
 * must be one of the resource's show columns (a 400 listing them otherwise).
 */
import { InvalidInputError } from '../domain-errors.server';

function pickField(value: unknown, field: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined;
}

export function pickShowColumns(detail: object, columns: readonly string[], showColumns: readonly string[]): Record<string, unknown> {
  const unknown = columns.filter((c) => !showColumns.includes(c));
  if (unknown.length) throw new InvalidInputError(`Invalid q: unknown columns ${unknown.join(', ')}. Columns: ${showColumns.join(', ')}.`);
  const source = detail as Record<string, unknown>;
  const whole = new Set(columns.filter((c) => !c.includes('.')));
  const inner = new Map<string, string[]>();
  for (const c of columns) {
    const [head, field] = c.split('.');
    if (field !== undefined && !whole.has(head)) inner.set(head, [...(inner.get(head) ?? []), field]);
  }
  const out: Record<string, unknown> = {};
  for (const head of whole) out[head] = source[head];
  for (const [head, fields] of inner) {
    const pick = (item: unknown) => Object.fromEntries(fields.map((f) => [f, pickField(item, f)]));
    const value = source[head];
    out[head] = Array.isArray(value) ? value.map(pick) : value === null || value === undefined ? value : pick(value);
  }
  return out;
}
