/**
 * A new tab's name, unique among the tabs open and those being created (a tab is added only once
 * the server has stored it, so two quick Alt+T would otherwise both read the same list): an
 * untitled tab takes the next "Untitled Query N"; a named one (a saved query, a link, a past
 * query) keeps its name, numbered when a tab already has it.
 */
import { newTabName } from '~/lib/sqllab/reducer';

export function nextTabName(wanted: string | null | undefined, taken: readonly string[]): string {
  const name = wanted?.trim();
  if (!name) return newTabName(taken);
  if (!taken.includes(name)) return name;
  let n = 2;
  while (taken.includes(`${name} (${n})`)) n++;
  return `${name} (${n})`;
}
