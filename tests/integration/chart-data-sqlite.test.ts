/** The chart data endpoints on a SQLite warehouse (chart-data-suite.ts). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chartDataSuite } from './chart-data-suite';

chartDataSuite('sqlite', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-chart-data-'));
  return { url: `sqlite:///${path.join(dir, 'examples.sqlite')}`, schema: 'main', drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
});
