/** The chart data endpoints on a PostgreSQL warehouse (chart-data-suite.ts), a fresh database per run. */
import { describe } from 'vitest';
import { createTempPostgresDatabase } from '../helpers/databases';
import { serviceAvailable } from '../helpers/engine-fixtures';
import { chartDataSuite } from './chart-data-suite';

const up = await serviceAvailable('postgresql');

describe.skipIf(!up)('PostgreSQL', () => {
  chartDataSuite('postgresql', async () => {
    const db = await createTempPostgresDatabase('sightline_chart_data');
    return { url: db.url, schema: 'public', drop: () => db.drop() };
  });
});
