import { Rng, clamp, seedFrom, weightedPicker } from '../random.server';
import { AIRLINES, AIRPORTS, distanceMiles, type Airline, type Airport } from './airports.server';
import {
  allocate, assertScale, columns, daysFromCivil, civilFromDays, isoWeekday, formatDate, type ExampleTable, type Row,
} from './shared.server';

/*
 * Domestic US flights in 2015, shaped like the BTS on-time performance data: hub-and-spoke
 * routes, a weekly rhythm, long-tailed delays, and a few cancellations (more in winter) and
 * diversions. Each replica (one per unit of scale) is another 55,000 flights of the same year.
 */

const ROWS_PER_REPLICA = 55_000;
const YEAR = 2015;
const FIRST_DAY = daysFromCivil(YEAR, 1, 1);
const DAYS = 365;
const HAWAII = new Set(['HNL', 'OGG']);
const WEST_COAST = ['LAX', 'SFO', 'SEA', 'PDX', 'OAK', 'SJC', 'SAN', 'LAS', 'PHX', 'SMF'];

const byCode = new Map(AIRPORTS.map((a) => [a.code, a]));
const mainland = AIRPORTS.filter((a) => !HAWAII.has(a.code));
const pickMainland = weightedPicker(mainland, mainland.map((a) => a.weight));
const pickAirline = weightedPicker(AIRLINES, AIRLINES.map((a) => a.share));
// Departure banks: an early-morning push, a midday lull and an evening peak.
const HOURS = Array.from({ length: 19 }, (_, i) => i + 5);
const pickHour = weightedPicker(HOURS, HOURS.map((h) => (h <= 8 ? 9 : h <= 12 ? 7 : h <= 19 ? 7.5 : h <= 21 ? 4 : 1.5)));

function dayWeight(day: number): number {
  const weekday = isoWeekday(day);
  const { month } = civilFromDays(day);
  const summer = month >= 6 && month <= 8 ? 1.07 : month === 2 ? 0.93 : 1;
  return (weekday === 6 ? 0.82 : weekday === 7 ? 0.93 : 1) * summer;
}

function route(rng: Rng, airline: Airline): [Airport, Airport] {
  if (airline.code === 'HA') {
    const island = byCode.get(rng.pick(airline.hubs))!;
    const other = rng.chance(0.7)
      ? byCode.get(island.code === 'HNL' ? 'OGG' : 'HNL')!
      : byCode.get(rng.pick(WEST_COAST))!;
    return rng.chance(0.5) ? [island, other] : [other, island];
  }
  const hub = byCode.get(rng.pick(airline.hubs))!;
  let spoke = pickMainland(rng);
  while (spoke.code === hub.code) spoke = pickMainland(rng);
  return rng.chance(0.5) ? [hub, spoke] : [spoke, hub];
}

function fleet(airline: Airline): string[] {
  const rng = new Rng(`flights:fleet:${airline.code}`);
  const size = Math.max(20, Math.round(airline.share * 30));
  const tails = new Set<string>();
  while (tails.size < size) tails.add(`N${rng.int(100, 999)}${airline.code}`);
  return [...tails];
}

function* replica(r: number): Generator<Row> {
  const rng = new Rng(`flights#${r}`);
  const fleets = new Map(AIRLINES.map((a) => [a.code, fleet(a)]));
  const days = Array.from({ length: DAYS }, (_, i) => FIRST_DAY + i);
  const perDay = allocate(ROWS_PER_REPLICA, days.map(dayWeight));

  for (let d = 0; d < DAYS; d++) {
    const day = days[d];
    const { month, day: dom } = civilFromDays(day);
    const date = formatDate(day);
    const flights: { sched: number; row: Row }[] = [];
    for (let k = 0; k < perDay[d]; k++) {
      let airline = pickAirline(rng);
      while (month > airline.lastMonth) airline = pickAirline(rng);
      const [origin, dest] = route(rng, airline);
      const hour = pickHour(rng);
      const minute = rng.int(0, 11) * 5;
      const sched = hour * 100 + minute;
      const distance = Math.round(distanceMiles(origin, dest));
      // Later departures inherit the day's accumulated delays; winter and summer storms add more.
      const stress = 1 + (hour - 5) / 18 + (month <= 2 || month === 12 ? 0.35 : month >= 6 && month <= 8 ? 0.25 : 0);
      const cancelled = rng.chance((month === 2 ? 0.035 : month === 1 || month === 12 ? 0.022 : 0.011) * stress);
      const diverted = !cancelled && rng.chance(0.0027);
      let depDelay: number | null = null;
      let airTime: number | null = null;
      let arrDelay: number | null = null;
      let reason: string | null = null;
      if (cancelled) {
        reason = rng.weighted(['A', 'B', 'C', 'D'], [28, 50, 21.9, 0.1]);
      } else {
        depDelay = rng.chance(0.62) ? Math.round(clamp(rng.normal(-3, 4), -25, 14)) : Math.round(rng.exponential(20 * stress));
        if (!diverted) {
          airTime = Math.max(15, Math.round(distance / 7.6 + 12 + rng.normal(0, 4 + distance / 400)));
          arrDelay = Math.round(depDelay + rng.normal(-5, 9));
        }
      }
      const tails = fleets.get(airline.code)!;
      const row: Row = [
        `${date} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`,
        YEAR, month, dom, isoWeekday(day),
        airline.code,
        (seedFrom(`${airline.code}${origin.code}${dest.code}`) % 6000) + 1,
        rng.pick(tails),
        origin.code, dest.code, sched, depDelay, distance, airTime, arrDelay,
        diverted ? 1 : 0, cancelled ? 1 : 0, reason,
        origin.name, origin.city, origin.state, origin.latitude, origin.longitude,
        dest.name, dest.city, dest.state, dest.latitude, dest.longitude,
      ];
      flights.push({ sched, row });
    }
    flights.sort((a, b) => a.sched - b.sched);
    for (const f of flights) yield f.row;
  }
}

export const flights: ExampleTable = {
  name: 'flights',
  description: 'US domestic flights in 2015 with delays and cancellations (synthetic, BTS-shaped).',
  columns: columns({
    ds: 'timestamp', YEAR: 'integer', MONTH: 'integer', DAY: 'integer', DAY_OF_WEEK: 'integer',
    AIRLINE: 'text', FLIGHT_NUMBER: 'integer', TAIL_NUMBER: 'text', ORIGIN_AIRPORT: 'text', DESTINATION_AIRPORT: 'text',
    SCHEDULED_DEPARTURE: 'integer', DEPARTURE_DELAY: 'float', DISTANCE: 'integer', AIR_TIME: 'float', ARRIVAL_DELAY: 'float',
    DIVERTED: 'integer', CANCELLED: 'integer', CANCELLATION_REASON: 'text',
    AIRPORT: 'text', CITY: 'text', STATE: 'text', LATITUDE: 'float', LONGITUDE: 'float',
    AIRPORT_DEST: 'text', CITY_DEST: 'text', STATE_DEST: 'text', LATITUDE_DEST: 'float', LONGITUDE_DEST: 'float',
  }),
  scalable: true,
  rowCount(scale) {
    assertScale(scale);
    return ROWS_PER_REPLICA * scale;
  },
  *rows(scale) {
    assertScale(scale);
    for (let r = 0; r < scale; r++) yield* replica(r);
  },
};
