import { Rng, round, weightedPicker } from '../random.server';
import { assertScale, columns, daysFromCivil, formatTimestamp, type ExampleTable, type Row } from './shared.server';

/*
 * Street addresses scattered over San Francisco neighbourhoods, in the layout of OpenAddresses
 * exports, plus the occupancy and radius columns the deck.gl demos use. `datetime` is drawn from
 * 2016 rather than the clock, so the warehouse stays reproducible.
 */

const ROWS_PER_REPLICA = 10_000;
const YEAR_START = daysFromCivil(2016, 1, 1) * 86400;
const YEAR_SECONDS = 366 * 86400;

// neighbourhood|latitude|longitude|postcode|weight
const DISTRICTS = `Mission|37.7599|-122.4148|94110|3
South of Market|37.7785|-122.4056|94103|3
Financial District|37.7946|-122.3999|94111|2
Nob Hill|37.7930|-122.4161|94109|2
North Beach|37.8061|-122.4103|94133|1.5
Marina|37.8037|-122.4368|94123|1.5
Pacific Heights|37.7925|-122.4382|94115|1.5
Haight-Ashbury|37.7692|-122.4481|94117|1.5
Castro|37.7609|-122.4350|94114|1.5
Noe Valley|37.7502|-122.4337|94131|1.5
Inner Richmond|37.7800|-122.4650|94118|2
Outer Richmond|37.7780|-122.4950|94121|2
Inner Sunset|37.7600|-122.4690|94122|2
Outer Sunset|37.7550|-122.5000|94116|2.5
Bernal Heights|37.7389|-122.4152|94110|1.5
Potrero Hill|37.7605|-122.4009|94107|1
Bayview|37.7296|-122.3924|94124|2
Excelsior|37.7244|-122.4272|94112|2
Glen Park|37.7340|-122.4335|94131|1
Western Addition|37.7813|-122.4320|94115|1.5
Tenderloin|37.7847|-122.4141|94102|1.5
Chinatown|37.7941|-122.4078|94108|1
Visitacion Valley|37.7137|-122.4050|94134|1
Lakeshore|37.7230|-122.4850|94132|1`
  .split('\n')
  .map((line) => {
    const [name, lat, lon, postcode, weight] = line.split('|');
    return { name, lat: Number(lat), lon: Number(lon), postcode, weight: Number(weight) };
  });

const STREETS = `MISSION ST|VALENCIA ST|MARKET ST|GEARY BLVD|CLEMENT ST|IRVING ST|JUDAH ST|NORIEGA ST|TARAVAL ST|CHURCH ST
DOLORES ST|GUERRERO ST|HAIGHT ST|FELL ST|OAK ST|DIVISADERO ST|FILLMORE ST|CALIFORNIA ST|PINE ST|BUSH ST
SUTTER ST|POST ST|POLK ST|VAN NESS AVE|COLUMBUS AVE|STOCKTON ST|GRANT AVE|KEARNY ST|FOLSOM ST|HOWARD ST
HARRISON ST|BRYANT ST|POTRERO AVE|3RD ST|CESAR CHAVEZ ST|ALEMANY BLVD|SAN JOSE AVE|OCEAN AVE|SUNSET BLVD|LINCOLN WAY`
  .split(/[|\n]/);

const hex = (rng: Rng): string => Math.floor(rng.next() * 0x100000000).toString(16).padStart(8, '0');

function* replica(r: number): Generator<Row> {
  const rng = new Rng(`long_lat#${r}`);
  const pickDistrict = weightedPicker(DISTRICTS, DISTRICTS.map((d) => d.weight));
  for (let i = 0; i < ROWS_PER_REPLICA; i++) {
    const d = pickDistrict(rng);
    const unit = rng.chance(0.7) ? null : rng.chance(0.5) ? `APT ${rng.int(1, 40)}` : `#${rng.int(100, 699)}`;
    yield [
      round(d.lon + rng.normal(0, 0.005), 6),
      round(d.lat + rng.normal(0, 0.004), 6),
      String(rng.int(1, 4999)),
      rng.pick(STREETS),
      unit,
      'San Francisco',
      d.name,
      'CA',
      d.postcode,
      hex(rng) + hex(rng),
      formatTimestamp(YEAR_START + Math.floor(rng.next() * YEAR_SECONDS)),
      rng.int(1, 6),
      round(rng.float(1, 3), 4),
    ];
  }
}

export const longLat: ExampleTable = {
  name: 'long_lat',
  description: 'San Francisco street addresses with coordinates, for map charts.',
  columns: columns({
    LON: 'float', LAT: 'float', NUMBER: 'text', STREET: 'text', UNIT: 'text', CITY: 'text', DISTRICT: 'text',
    REGION: 'text', POSTCODE: 'text', ID: 'text', datetime: 'timestamp', occupancy: 'integer', radius_miles: 'float',
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
