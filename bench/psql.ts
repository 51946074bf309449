/**
 * The benches' yardstick: `psql -c "COPY (query) TO STDOUT [WITH CSV]"` into /dev/null, i.e. how
 * fast the PostgreSQL server itself produces a result's text, timed in milliseconds.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

export const PG = { host: '127.0.0.1', port: 5432, user: 'postgres' };

export function timePsqlCopy(database: string, query: string, format: 'text' | 'csv' = 'text'): Promise<number> {
  return new Promise((resolve, reject) => {
    const devNull = fs.openSync('/dev/null', 'w');
    const started = performance.now();
    const copy = `COPY (${query}) TO STDOUT${format === 'csv' ? ' WITH CSV' : ''}`;
    const args = ['-X', '-q', '-h', PG.host, '-p', String(PG.port), '-U', PG.user, '-d', database, '-v', 'ON_ERROR_STOP=1', '-c', copy];
    const child = spawn('psql', args, { stdio: ['ignore', devNull, 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      fs.closeSync(devNull);
      if (code === 0) resolve(performance.now() - started);
      else reject(new Error(`psql COPY failed (${code}): ${stderr.trim()}`));
    });
  });
}
