/** The chart data endpoints on a MariaDB warehouse (chart-data-suite.ts), a fresh database per run. */
import { describe } from 'vitest';
import { createTempMariaDatabase, serviceAvailable } from '../helpers/engine-fixtures';
import { chartDataSuite } from './chart-data-suite';

const up = await serviceAvailable('mariadb');

describe.skipIf(!up)('MariaDB', () => {
  chartDataSuite('mysql', async () => {
    const db = await createTempMariaDatabase('sightline_chart_data');
    return { url: db.url, schema: db.name, drop: () => db.drop() };
  });
});
