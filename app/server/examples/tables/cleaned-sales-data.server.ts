import { Rng, clamp, round, weightedPicker } from '../random.server';
import { allocate, assertScale, columns, daysFromCivil, civilFromDays, formatDate, type ExampleTable, type Row } from './shared.server';

/*
 * Order lines of a die-cast model wholesaler, 2003 – May 2005, shaped like the "sample sales"
 * dataset: ~300 orders of 1–18 lines from ~90 customers worldwide. The last weeks hold the
 * orders still in process or on hold. Each replica is another set of orders with new numbers.
 */

const ROWS_PER_REPLICA = 2823;
const ORDERS_PER_REPLICA = 307;
const FIRST_DAY = daysFromCivil(2003, 1, 6);
const LAST_DAY = daysFromCivil(2005, 5, 31);
const OPEN_ORDERS_FROM = daysFromCivil(2005, 4, 20);

// [product line, number of products, lowest MSRP, highest MSRP]
const LINES: [string, number, number, number][] = [
  ['Classic Cars', 37, 50, 214], ['Vintage Cars', 24, 33, 170], ['Motorcycles', 13, 60, 193],
  ['Planes', 12, 49, 157], ['Trucks and Buses', 11, 58, 136], ['Ships', 9, 54, 122], ['Trains', 3, 58, 100],
];

// city|state|postal code|country|territory|phone prefix
const LOCATIONS = `NYC|NY|10022|USA|NA|212
San Francisco|CA|94217|USA|NA|415
Boston|MA|02116|USA|NA|617
Philadelphia|PA|19107|USA|NA|215
Los Angeles|CA|90003|USA|NA|213
San Rafael|CA|94901|USA|NA|415
Las Vegas|NV|89101|USA|NA|702
Cambridge|MA|02139|USA|NA|617
New Haven|CT|06510|USA|NA|203
Allentown|PA|18101|USA|NA|610
Burlingame|CA|94010|USA|NA|650
Pasadena|CA|91101|USA|NA|626
Glendale|CA|91209|USA|NA|818
Nashua|NH|03060|USA|NA|603
White Plains|NY|10601|USA|NA|914
Montreal|Quebec|H1J 1C3|Canada|NA|+1 514
Vancouver|BC|V3F 2K1|Canada|NA|+1 604
Paris||75016|France|EMEA|+33 1
Nantes||44000|France|EMEA|+33 2
Lyon||69004|France|EMEA|+33 4
Marseille||13008|France|EMEA|+33 4
Madrid||28034|Spain|EMEA|+34 91
Barcelona||08022|Spain|EMEA|+34 93
London||WX1 6LT|UK|EMEA|+44 20
Manchester||EC2 5NT|UK|EMEA|+44 161
Cowes|Isle of Wight|PO31 7PJ|UK|EMEA|+44 1983
Frankfurt||60528|Germany|EMEA|+49 69
Munich||80686|Germany|EMEA|+49 89
Torino||10100|Italy|EMEA|+39 011
Reggio Emilia||42100|Italy|EMEA|+39 0522
Oslo||N 0106|Norway|EMEA|+47 22
Bergen||N 5804|Norway|EMEA|+47 55
Helsinki||21240|Finland|EMEA|+358 9
Oulu||90110|Finland|EMEA|+358 8
Boras||S-844 67|Sweden|EMEA|+46 33
Kobenhavn||1734|Denmark|EMEA|+45 31
Bruxelles||B-1180|Belgium|EMEA|+32 2
Salzburg||5020|Austria|EMEA|+43 662
Geneve||1203|Switzerland|EMEA|+41 22
Dublin||2|Ireland|EMEA|+353 1
Melbourne|Victoria|3004|Australia|APAC|+61 3
North Sydney|NSW|2060|Australia|APAC|+61 2
South Brisbane|Queensland|4101|Australia|APAC|+61 7
Auckland||1010|New Zealand|APAC|+64 9
Singapore||079903|Singapore|APAC|+65
Makati City|Makati|1227 MM|Philippines|APAC|+63 2
Tokyo|Chiyoda-Ku|106-0032|Japan|Japan|+81 3
Osaka|Osaka|530-0003|Japan|Japan|+81 6`
  .split('\n')
  .map((l) => l.split('|'));

const NAME_A = `Mini Classic Diecast Auto Toys4 Scale Heritage Vintage Signal Online Royal Collectable Gift Motor Model
Quality Corrida Atelier Alpha Dragon Euro Super Muscle Petit Mega Precious Tekni Land Velo Cruise Rovelli`.split(/\s+/);
const NAME_B = 'Models Collectables Replicas Gifts Classics Souvenirs Toys Imports Shopping Wheels Emporium Garage Creations'.split(' ');
const NAME_C = ['Co.', 'Inc.', 'Ltd.', 'Corp', '& Co.', 'Distributors', 'Ltd', ''];
const FIRST = 'Julie Peter Janine Jonas Susan Diego Christina Mary Jean Maria Martine Yoshi Kwai Leslie Roland Eric Carine Steve Michael Dean Sue Anna Paolo Wendy Georg Rachel Pascale Dan Elizabeth Juri Valarie Jan Sven Catherine Adrian Daniel Ann Henriette Kelvin'.split(' ');
const LAST = 'King Ferguson Labrune Bergulfsen Frick Young Berglund Saveley Natividad Larsson Schmitt Tamuri Yu Taylor Keitel Nelson Hernandez Brown Pipps Cartrain Victorino Mendel Hirano Tseng Devon Citeaux Fresniere Murphy Ashworth Lincoln Thompson Moos Kloss Holz Roulet Huxley Franco Kuo Pfalzheim Ottlieb'.split(' ');
const STREETS = 'Rue Royale|Strong St.|Fauntleroy Circus|Kingsfordweg|Berliner Platz|Avenida de la Paz|Via Monte Bianco|Drammensveien|Keskuskatu|Smagsloget|Hauptstr.|Market St.|Pompton St.|Bulevar Kennedy|Boulevard Tirou|Grenzacherweg|Seventh Ave|Madison Ave|Hillside Dr.|Harbour Rd.'.split('|');

interface Customer {
  name: string; phone: string; address1: string; address2: string | null;
  city: string; state: string | null; postal: string; country: string; territory: string; last: string; first: string;
}

function customers(): Customer[] {
  const rng = new Rng('cleaned_sales_data:customers');
  const names = new Set<string>();
  const out: Customer[] = [];
  while (out.length < 92) {
    const name = [rng.pick(NAME_A), rng.pick(NAME_B), rng.pick(NAME_C)].filter(Boolean).join(' ');
    if (names.has(name)) continue;
    names.add(name);
    const [city, state, postal, country, territory, prefix] = rng.pick(LOCATIONS);
    const digits = String(rng.int(1000000, 9999999));
    out.push({
      name,
      phone: country === 'USA' ? `${prefix}555${digits.slice(0, 4)}` : `${prefix} ${digits.slice(0, 3)} ${digits.slice(3)}`,
      address1: `${rng.int(1, 899)} ${rng.pick(STREETS)}`,
      address2: rng.chance(0.12) ? `Level ${rng.int(1, 15)}` : null,
      city, state: state || null, postal, country, territory, last: rng.pick(LAST), first: rng.pick(FIRST),
    });
  }
  return out;
}

function products(): { line: string; code: string; msrp: number }[] {
  const rng = new Rng('cleaned_sales_data:products');
  const codes = new Set<string>();
  return LINES.flatMap(([line, count, lo, hi]) =>
    Array.from({ length: count }, () => {
      let code: string;
      do code = `S${rng.pick([10, 12, 18, 24, 32, 50, 700, 72])}_${rng.int(1000, 4999)}`;
      while (codes.has(code));
      codes.add(code);
      return { line, code, msrp: rng.int(lo, hi) };
    }),
  );
}

function* replica(r: number, custs: Customer[], prods: ReturnType<typeof products>): Generator<Row> {
  const rng = new Rng(`cleaned_sales_data#${r}`);
  const days = Array.from({ length: LAST_DAY - FIRST_DAY + 1 }, (_, i) => FIRST_DAY + i);
  // The holiday season drives most of the year's orders.
  const pickDay = weightedPicker(days, days.map((d) => [1, 1, 1, 1, 1, 1, 1, 1.2, 1.2, 2.5, 4, 1.6][civilFromDays(d).month - 1]));
  const orderDays = Array.from({ length: ORDERS_PER_REPLICA }, () => pickDay(rng)).sort((a, b) => a - b);
  const lineCounts = allocate(ROWS_PER_REPLICA, orderDays.map(() => rng.float(0.2, 1))).map((n) => clamp(n, 1, 18));
  let excess = lineCounts.reduce((a, b) => a + b, 0) - ROWS_PER_REPLICA;
  for (let i = 0; excess !== 0; i = (i + 7) % lineCounts.length) {
    if (excess > 0 && lineCounts[i] > 1) { lineCounts[i]--; excess--; }
    else if (excess < 0 && lineCounts[i] < 18) { lineCounts[i]++; excess++; }
  }
  const pickCustomer = weightedPicker(custs, custs.map((_, i) => 1 / (i + 2)));

  for (let o = 0; o < ORDERS_PER_REPLICA; o++) {
    const day = orderDays[o];
    const { year, month } = civilFromDays(day);
    const c = pickCustomer(rng);
    const status = day >= OPEN_ORDERS_FROM
      ? rng.weighted(['In Process', 'On Hold', 'Shipped'], [5, 2, 3])
      : rng.weighted(['Shipped', 'Cancelled', 'Resolved', 'On Hold', 'Disputed'], [93, 2.5, 1.8, 1, 0.7]);
    const chosen = rng.shuffle(prods.slice()).slice(0, lineCounts[o]);
    for (let l = 0; l < chosen.length; l++) {
      const p = chosen[l];
      const quantity = Math.round(clamp(rng.normal(35, 9), 6, 97));
      const price = round(p.msrp * rng.float(0.82, 1.15), 2);
      const sales = round(quantity * price, 2);
      yield [
        10100 + r * ORDERS_PER_REPLICA + o, quantity, price, l + 1, sales, `${formatDate(day)} 00:00:00`, status,
        Math.floor((month - 1) / 3) + 1, month, year, p.line, p.msrp, p.code,
        c.name, c.phone, c.address1, c.address2, c.city, c.state, c.postal, c.country, c.territory, c.last, c.first,
        sales < 3000 ? 'Small' : sales < 7000 ? 'Medium' : 'Large',
      ];
    }
  }
}

export const cleanedSalesData: ExampleTable = {
  name: 'cleaned_sales_data',
  description: 'Order lines of a die-cast model wholesaler, 2003–2005 (synthetic).',
  columns: columns({
    order_number: 'integer', quantity_ordered: 'integer', price_each: 'float', order_line_number: 'integer',
    sales: 'float', order_date: 'timestamp', status: 'text', quarter: 'integer', month: 'integer', year: 'integer',
    product_line: 'text', msrp: 'integer', product_code: 'text', customer_name: 'text', phone: 'text',
    address_line1: 'text', address_line2: 'text', city: 'text', state: 'text', postal_code: 'text', country: 'text',
    territory: 'text', contact_last_name: 'text', contact_first_name: 'text', deal_size: 'text',
  }),
  scalable: true,
  rowCount(scale) {
    assertScale(scale);
    return ROWS_PER_REPLICA * scale;
  },
  *rows(scale) {
    assertScale(scale);
    const custs = customers();
    const prods = products();
    for (let r = 0; r < scale; r++) yield* replica(r, custs, prods);
  },
};
