/** A result cell as the grid and the clipboard show it: NULL, every digit of a big integer, JSON for nested values. */
import { stringifyLossless } from '~/lib/sql/lossless-json';
import type { Cell } from '~/lib/sqllab/reducer';

export function cellText(value: Cell | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') return stringifyLossless(value);
  return String(value);
}
