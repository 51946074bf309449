/**
 * What a control shows while its value is being typed: the text as typed ('1.' for 1, 'abc' with
 * its error), kept while the form data holds the value it was emitted as (or, while a debounced
 * emit is pending, the value it had before), and dropped for the value's own text when the form
 * data changes from elsewhere (a chart type switch, a reset). Derived during render: no effect
 * lags a frame behind.
 */
import { useState } from 'react';

const keyOf = (value: unknown) => JSON.stringify(value ?? null);

export function useDraft<D>(value: unknown, fromValue: (value: unknown) => D): [D, (draft: D, emitted: unknown) => void] {
  const [state, setState] = useState<{ draft: D; base: string; target: string } | null>(null);
  const key = keyOf(value);
  const draft = state && (state.target === key || state.base === key) ? state.draft : fromValue(value);
  return [draft, (next, emitted) => setState({ draft: next, base: key, target: keyOf(emitted) })];
}
