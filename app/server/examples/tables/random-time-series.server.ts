import { Rng } from '../random.server';
import { assertScale, columns, daysFromCivil, formatTimestamp, type ExampleTable, type Row } from './shared.server';

/*
 * Random event timestamps over two years (2019–2020), in ascending order: the table behind
 * time-series and calendar-heatmap demos. A larger scale packs more events into the same span.
 */

const ROWS_PER_REPLICA = 50_000;
const START = daysFromCivil(2019, 1, 1) * 86400;
const SPAN = (daysFromCivil(2021, 1, 1) - daysFromCivil(2019, 1, 1)) * 86400;

function* generate(scale: number): Generator<Row> {
  const rng = new Rng('random_time_series');
  const seconds = new Float64Array(ROWS_PER_REPLICA * scale);
  for (let i = 0; i < seconds.length; i++) seconds[i] = START + Math.floor(rng.next() * SPAN);
  seconds.sort();
  for (const s of seconds) yield [formatTimestamp(s)];
}

export const randomTimeSeries: ExampleTable = {
  name: 'random_time_series',
  description: 'Random timestamps spread over 2019–2020.',
  columns: columns({ ds: 'timestamp' }),
  scalable: true,
  rowCount(scale) {
    assertScale(scale);
    return ROWS_PER_REPLICA * scale;
  },
  *rows(scale) {
    assertScale(scale);
    yield* generate(scale);
  },
};
