import { describe, expect, it } from 'vitest';
import { formatSqlText } from './format.server';
import { errorResponse } from '../api/error-response.server';

describe('formatSqlText', () => {
  it('formats in the dialect, upper-casing keywords and keeping template tags whole', () => {
    expect(formatSqlText('select a from t where b = {{ x | where_in }} {% if y %}and c = 1{% endif %}', 'postgresql')).toBe(
      'SELECT\n  a\nFROM\n  t\nWHERE\n  b = {{ x | where_in }} {% if y %}\n  AND c = 1 {% endif %}',
    );
    expect(formatSqlText('select `a` from `t`', 'mysql')).toBe('SELECT\n  `a`\nFROM\n  `t`');
  });

  it('answers SQL it cannot read with a 400 saying where', async () => {
    const error = (() => {
      try {
        formatSqlText("select 'unterminated", 'postgresql');
      } catch (e) {
        return e;
      }
    })();
    const answer = errorResponse(error);
    expect(answer).toBeInstanceOf(Response);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toMatch(/^The SQL could not be formatted: Parse error/);
  });
});
