/**
 * US airports and 2015 carriers for the flights table. Weights are rough relative traffic, so
 * busy hubs dominate as they do in the BTS on-time data.
 * Airport line format: CODE|weight|latitude|longitude|city|state|name.
 */

export interface Airport {
  code: string;
  weight: number;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  name: string;
}

export const AIRPORTS: Airport[] = `
ATL|10|33.64044|-84.42694|Atlanta|GA|Hartsfield-Jackson Atlanta International Airport
ORD|8|41.9796|-87.90446|Chicago|IL|Chicago O'Hare International Airport
DFW|7|32.89595|-97.0372|Dallas-Fort Worth|TX|Dallas/Fort Worth International Airport
DEN|6.5|39.85841|-104.667|Denver|CO|Denver International Airport
LAX|6.5|33.94254|-118.40807|Los Angeles|CA|Los Angeles International Airport
SFO|4.5|37.619|-122.37484|San Francisco|CA|San Francisco International Airport
PHX|4.5|33.43417|-112.00806|Phoenix|AZ|Phoenix Sky Harbor International Airport
IAH|4.5|29.98047|-95.33972|Houston|TX|George Bush Intercontinental Airport
LAS|4.2|36.08036|-115.15233|Las Vegas|NV|McCarran International Airport
MSP|3.5|44.88055|-93.21692|Minneapolis|MN|Minneapolis-Saint Paul International Airport
SEA|3.5|47.44898|-122.30931|Seattle|WA|Seattle-Tacoma International Airport
DTW|3.5|42.21206|-83.34884|Detroit|MI|Detroit Metropolitan Airport
CLT|4|35.21401|-80.94313|Charlotte|NC|Charlotte Douglas International Airport
MCO|3.2|28.42889|-81.31603|Orlando|FL|Orlando International Airport
SLC|3.2|40.78839|-111.97777|Salt Lake City|UT|Salt Lake City International Airport
BOS|3|42.36435|-71.00518|Boston|MA|Gen. Edward Lawrence Logan International Airport
EWR|3|40.6925|-74.16866|Newark|NJ|Newark Liberty International Airport
JFK|3|40.63975|-73.77893|New York|NY|John F. Kennedy International Airport
LGA|3|40.77724|-73.87261|New York|NY|LaGuardia Airport
BWI|2.8|39.1754|-76.6682|Baltimore|MD|Baltimore-Washington International Airport
MDW|2.6|41.78598|-87.75242|Chicago|IL|Chicago Midway International Airport
DCA|2.4|38.85208|-77.03772|Arlington|VA|Ronald Reagan Washington National Airport
FLL|2.3|26.07258|-80.15275|Ft. Lauderdale|FL|Fort Lauderdale-Hollywood International Airport
SAN|2.2|32.73356|-117.18966|San Diego|CA|San Diego International Airport
PHL|2.2|39.87195|-75.24114|Philadelphia|PA|Philadelphia International Airport
MIA|2|25.79325|-80.29056|Miami|FL|Miami International Airport
TPA|1.7|27.97547|-82.53325|Tampa|FL|Tampa International Airport
PDX|1.7|45.58872|-122.5975|Portland|OR|Portland International Airport
IAD|1.5|38.94453|-77.45581|Chantilly|VA|Washington Dulles International Airport
HOU|1.5|29.64542|-95.27889|Houston|TX|William P. Hobby Airport
STL|1.4|38.74769|-90.35999|St. Louis|MO|St. Louis International Airport at Lambert Field
BNA|1.4|36.12448|-86.67818|Nashville|TN|Nashville International Airport
HNL|1.4|21.31869|-157.92241|Honolulu|HI|Honolulu International Airport
OAK|1.3|37.72129|-122.22072|Oakland|CA|Oakland International Airport
AUS|1.3|30.19453|-97.66987|Austin|TX|Austin-Bergstrom International Airport
DAL|1.2|32.84711|-96.85177|Dallas|TX|Dallas Love Field
MCI|1.2|39.29761|-94.71391|Kansas City|MO|Kansas City International Airport
MSY|1.1|29.99339|-90.25803|New Orleans|LA|Louis Armstrong New Orleans International Airport
RDU|1.1|35.87764|-78.78747|Raleigh|NC|Raleigh-Durham International Airport
SJC|1|37.36186|-121.92901|San Jose|CA|Norman Y. Mineta San Jose International Airport
SMF|1|38.69542|-121.59077|Sacramento|CA|Sacramento International Airport
SNA|0.9|33.67566|-117.86822|Santa Ana|CA|John Wayne Airport (Orange County Airport)
SAT|0.9|29.53369|-98.46978|San Antonio|TX|San Antonio International Airport
CLE|0.8|41.41089|-81.8494|Cleveland|OH|Cleveland Hopkins International Airport
IND|0.8|39.71733|-86.29438|Indianapolis|IN|Indianapolis International Airport
PIT|0.7|40.49147|-80.23287|Pittsburgh|PA|Pittsburgh International Airport
CMH|0.7|39.99799|-82.89188|Columbus|OH|Port Columbus International Airport
MKE|0.6|42.94722|-87.89658|Milwaukee|WI|General Mitchell International Airport
ABQ|0.6|35.04022|-106.60919|Albuquerque|NM|Albuquerque International Sunport
OGG|0.6|20.89865|-156.43046|Kahului|HI|Kahului Airport
ANC|0.5|61.17432|-149.99619|Anchorage|AK|Ted Stevens Anchorage International Airport`
  .trim()
  .split('\n')
  .map((line) => {
    const [code, weight, lat, lon, city, state, name] = line.split('|');
    return { code, weight: Number(weight), latitude: Number(lat), longitude: Number(lon), city, state, name };
  });

export interface Airline {
  code: string;
  share: number;
  hubs: string[];
  /** Last month flown in 2015: US Airways merged into American in October. */
  lastMonth: number;
}

export const AIRLINES: Airline[] = [
  { code: 'WN', share: 21.7, hubs: ['MDW', 'DAL', 'HOU', 'BWI', 'LAS', 'PHX', 'DEN', 'OAK'], lastMonth: 12 },
  { code: 'DL', share: 15.0, hubs: ['ATL', 'MSP', 'DTW', 'SLC', 'JFK', 'LGA', 'SEA', 'LAX'], lastMonth: 12 },
  { code: 'AA', share: 12.5, hubs: ['DFW', 'ORD', 'MIA', 'CLT', 'PHL', 'LAX', 'JFK', 'PHX'], lastMonth: 12 },
  { code: 'OO', share: 10.2, hubs: ['DEN', 'SFO', 'LAX', 'ORD', 'SLC', 'IAH', 'MSP', 'DTW', 'SEA'], lastMonth: 12 },
  { code: 'EV', share: 9.8, hubs: ['ATL', 'IAH', 'EWR', 'ORD', 'DTW'], lastMonth: 12 },
  { code: 'UA', share: 8.8, hubs: ['ORD', 'IAH', 'EWR', 'SFO', 'DEN', 'IAD', 'LAX'], lastMonth: 12 },
  { code: 'MQ', share: 5.0, hubs: ['DFW', 'ORD', 'MIA', 'LGA'], lastMonth: 12 },
  { code: 'B6', share: 4.6, hubs: ['JFK', 'BOS', 'FLL', 'MCO'], lastMonth: 12 },
  { code: 'US', share: 4.4, hubs: ['CLT', 'PHL', 'PHX', 'DCA'], lastMonth: 6 },
  { code: 'AS', share: 3.0, hubs: ['SEA', 'ANC', 'PDX', 'LAX', 'SFO'], lastMonth: 12 },
  { code: 'NK', share: 2.0, hubs: ['FLL', 'LAS', 'DTW', 'ORD'], lastMonth: 12 },
  { code: 'F9', share: 1.6, hubs: ['DEN', 'MCO', 'LAS'], lastMonth: 12 },
  { code: 'HA', share: 1.3, hubs: ['HNL', 'OGG'], lastMonth: 12 },
  { code: 'VX', share: 1.0, hubs: ['SFO', 'LAX'], lastMonth: 12 },
];

/** Great-circle distance in statute miles. */
export function distanceMiles(a: Airport, b: Airport): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}
