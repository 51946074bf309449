import { Rng, clamp, round } from '../random.server';
import { ALL_URBAN, COUNTRIES, HIV_BELT, MALE_SKEWED, POST_1990, type Country } from './countries.server';
import { assertScale, columns, yearStart, type Cell, type ExampleTable, type Row } from './shared.server';

/*
 * One row per economy and year, 1960–2014. Each economy gets a few parameters (income tier,
 * when its demographic transition happens, how fast it grows) and every indicator is derived
 * from those through smooth curves, so lines in a chart look like real series rather than noise.
 * The table is a dimension-like reference set: `scale` does not change it.
 */

const FIRST_YEAR = 1960;
const LAST_YEAR = 2014;

const INDICATORS = [
  'SP_POP_TOTL', 'SP_DYN_LE00_IN', 'SP_RUR_TOTL_ZS', 'SP_RUR_TOTL', 'SH_DYN_AIDS', 'SP_POP_65UP_TO_ZS',
  'SP_URB_TOTL_IN_ZS', 'SP_DYN_CBRT_IN', 'SP_DYN_CDRT_IN', 'SP_DYN_TFRT_IN', 'SH_DYN_MORT', 'SP_POP_0014_TO_ZS',
  'SP_POP_1564_TO_ZS', 'NY_GDP_MKTP_CD', 'NY_GDP_PCAP_CD', 'SP_POP_GROW', 'SP_URB_GROW', 'EN_POP_DNST',
  'SE_PRM_ENRR', 'SH_XPD_TOTL_ZS', 'SP_URB_TOTL', 'SP_DYN_IMRT_IN', 'SP_POP_TOTL_FE_IN', 'SP_POP_TOTL_MA_IN',
  'SH_IMM_MEAS',
] as const;
type Indicator = (typeof INDICATORS)[number];

const logistic = (x: number): number => 1 / (1 + Math.exp(-x));

/** A slow wobble around 1, so series are not perfectly smooth exponentials. */
function wobble(rng: Rng, amplitude: number): (t: number) => number {
  const period = rng.float(7, 16);
  const phase = rng.float(0, 2 * Math.PI);
  const a = rng.float(0.3, 1) * amplitude;
  return (t) => 1 + a * Math.sin((2 * Math.PI * t) / period + phase);
}

function* countryRows(c: Country): Generator<Row> {
  const rng = new Rng(`wb_health_population:${c.code}`);
  const ssa = c.region === 'Sub-Saharan Africa';
  const tiny = c.pop1960 < 0.1;
  const t = c.tier;

  // Life expectancy rises toward a tier-dependent ceiling; the HIV belt dips after 1990.
  const le0 = [0, 38, 46, 55, 68][t] + rng.normal(0, 3) - (ssa ? 4 : 0);
  const leCeil = [0, 62, 71, 76, 82][t] + rng.normal(0, 1.5) - (ssa ? 4 : 0);
  const leRate = rng.float(0.025, 0.055);
  const hivDip = HIV_BELT.has(c.code) ? rng.float(6, 14) : 0;
  // Fertility falls through a logistic transition whose midpoint is later for poorer economies.
  const tfr0 = [0, 6.8, 6.4, 5.6, 3.0][t] + rng.normal(0, 0.4);
  const tfr1 = [0, 4.2, 2.4, 1.9, 1.6][t] + rng.normal(0, 0.25) + (ssa ? 1.2 : 0);
  const tfrMid = [0, 2000, 1984, 1975, 1966][t] + rng.normal(0, 5) + (ssa ? 12 : 0);
  const rural0 = ALL_URBAN.has(c.code) ? 0 : clamp([0, 92, 80, 62, 38][t] + rng.normal(0, 7), 5, 97);
  const ruralFloor = ALL_URBAN.has(c.code) ? 0 : Math.min(rural0, [0, 62, 45, 25, 14][t] + rng.normal(0, 5));
  const gdppc0 = [0, 80, 160, 320, 1500][t] * Math.exp(rng.normal(0, 0.35));
  const realGrowth = [0, 0.012, 0.028, 0.03, 0.024][t] + rng.normal(0, 0.008);
  const gdpStart = POST_1990.has(c.code) ? rng.int(1990, 1995) : t === 4 || rng.chance(0.5) ? 1960 : rng.int(1960, 1992);
  const migration = (t === 4 ? 0.2 : -0.15) + rng.normal(0, 0.2);
  const density0 = Math.exp(rng.normal(Math.log(tiny ? 150 : 30), 1.0));
  const area = (c.pop1960 * 1e6) / density0;
  const femaleShare = MALE_SKEWED.has(c.code) ? rng.float(0.3, 0.45) : rng.float(0.49, 0.515);
  const hivPeak = ssa ? (HIV_BELT.has(c.code) ? rng.float(0.08, 0.25) : rng.float(0.01, 0.06)) : rng.float(0.0005, 0.008);
  const reportsHiv = c.pop1960 >= 1 && rng.chance(0.8);
  const enrol0 = [0, 25, 55, 88, 100][t] + rng.normal(0, 8);
  const health0 = [0, 3.5, 4.5, 6, 8][t] + rng.normal(0, 0.8);
  const measles0 = rng.float(10, 70);
  const gdpWobble = wobble(rng, 0.06);
  const cbrWobble = wobble(rng, 0.03);
  const enrolWobble = wobble(rng, 0.02);

  let pop = c.pop1960 * 1e6;
  let prevUrban: number | null = null;
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
    const y = year - FIRST_YEAR;
    const hiv = hivDip * logistic((year - 1993) / 3) * (1 - 0.6 * logistic((year - 2006) / 3));
    const le = leCeil - (leCeil - le0) * Math.exp(-leRate * y) - hiv;
    const tfr = tfr1 + (tfr0 - tfr1) * (1 - logistic((year - tfrMid) / 7));
    const pct0014 = clamp(12 + 6.2 * (tfr - 1.3), 12, 50);
    const pct65 = clamp(2.5 + 0.45 * Math.max(0, le - 50) - 0.6 * Math.max(0, tfr - 3), 1.5, 26);
    const cbr = (3 + 6.2 * tfr) * cbrWobble(y);
    const cdr = 6 + 700 * Math.exp(-0.085 * le) + 0.35 * Math.max(0, pct65 - 6);
    const mort = 2 + 12000 * Math.exp(-0.095 * (le + hiv * 0.5));
    const growth = (cbr - cdr) / 10 + migration;
    if (y > 0) pop *= 1 + growth / 100;
    const rural = ruralFloor + (rural0 - ruralFloor) * Math.exp(-0.03 * y);
    const urbanPop = pop * (1 - rural / 100);
    const inflation = year < 1980 ? 1.04 ** y : 1.04 ** 20 * 1.025 ** (year - 1980);
    const gdppc = gdppc0 * Math.exp(realGrowth * y) * inflation * gdpWobble(y);
    const prevalence = year < 1990 ? 0 : hivPeak * logistic((year - 1995) / 3) * (1 - 0.3 * logistic((year - 2005) / 3));
    const enrol = (105 - (105 - enrol0) * Math.exp(-0.06 * y)) * enrolWobble(y);

    const demographics = !tiny;
    const v: Record<Indicator, Cell> = {
      SP_POP_TOTL: Math.round(pop),
      SP_DYN_LE00_IN: demographics ? round(le, 3) : null,
      SP_RUR_TOTL_ZS: round(rural, 3),
      SP_RUR_TOTL: Math.round((pop * rural) / 100),
      SH_DYN_AIDS: reportsHiv && year >= 1990 ? Math.round((pop * 0.5 * prevalence) / 100) * 100 : null,
      SP_POP_65UP_TO_ZS: round(pct65, 3),
      SP_URB_TOTL_IN_ZS: round(100 - rural, 3),
      SP_DYN_CBRT_IN: demographics ? round(cbr, 3) : null,
      SP_DYN_CDRT_IN: demographics ? round(cdr, 3) : null,
      SP_DYN_TFRT_IN: demographics ? round(tfr, 3) : null,
      SH_DYN_MORT: demographics && year >= 1970 ? round(mort, 1) : null,
      SP_POP_0014_TO_ZS: round(pct0014, 3),
      SP_POP_1564_TO_ZS: round(100 - pct0014 - pct65, 3),
      NY_GDP_MKTP_CD: year >= gdpStart ? round(gdppc * pop, 0) : null,
      NY_GDP_PCAP_CD: year >= gdpStart ? round(gdppc, 2) : null,
      SP_POP_GROW: y > 0 ? round(growth, 4) : null,
      SP_URB_GROW: prevUrban !== null && prevUrban > 0 ? round((urbanPop / prevUrban - 1) * 100, 4) : null,
      EN_POP_DNST: y > 0 ? round(pop / area, 3) : null,
      SE_PRM_ENRR: year >= 1970 && (t === 4 || rng.chance(0.75)) ? round(enrol, 3) : null,
      SH_XPD_TOTL_ZS: year >= 1995 ? round(health0 + 0.05 * (year - 1995) + rng.normal(0, 0.15), 3) : null,
      SP_URB_TOTL: Math.round(urbanPop),
      SP_DYN_IMRT_IN: demographics && year >= 1970 ? round(mort * 0.72, 1) : null,
      SP_POP_TOTL_FE_IN: Math.round(pop * femaleShare),
      SP_POP_TOTL_MA_IN: Math.round(pop * (1 - femaleShare)),
      SH_IMM_MEAS: year >= 1980 ? Math.round(clamp(99 - (99 - measles0) * Math.exp(-0.12 * (year - 1980)) + rng.normal(0, 2), 0, 99)) : null,
    };
    prevUrban = urbanPop;
    yield [c.name, c.code, c.region, yearStart(year), ...INDICATORS.map((k) => v[k])];
  }
}

export const wbHealthPopulation: ExampleTable = {
  name: 'wb_health_population',
  description: 'World Bank style health and population indicators, 214 economies, 1960–2014 (synthetic).',
  columns: columns({
    country_name: 'text',
    country_code: 'text',
    region: 'text',
    year: 'timestamp',
    ...Object.fromEntries(INDICATORS.map((k) => [k, 'float' as const])),
  }),
  scalable: false,
  rowCount(scale) {
    assertScale(scale);
    return COUNTRIES.length * (LAST_YEAR - FIRST_YEAR + 1);
  },
  *rows(scale) {
    assertScale(scale);
    for (const c of COUNTRIES) yield* countryRows(c);
  },
};
