/**
 * The example warehouse: every table Sightline ships for demos and tests, in load order.
 * Definitions live one per file under ./tables; this module only lists them.
 */
import { birthNames } from './tables/birth-names.server';
import { cleanedSalesData } from './tables/cleaned-sales-data.server';
import { covidVaccinesTable } from './tables/covid-vaccines.server';
import { energyUsage } from './tables/energy-usage.server';
import { fccSurvey2018 } from './tables/fcc-2018-survey.server';
import { flights } from './tables/flights.server';
import { longLat } from './tables/long-lat.server';
import { randomTimeSeries } from './tables/random-time-series.server';
import { SLACK_TABLES } from './tables/slack/tables.server';
import { unicodeTestTable } from './tables/unicode-test.server';
import { videoGameSales } from './tables/video-game-sales.server';
import { wbHealthPopulation } from './tables/wb-health-population.server';
import type { ExampleTable } from './tables/shared.server';

export type { Cell, ColumnDef, ExampleTable, LogicalType, Row, Storage } from './tables/shared.server';

export const EXAMPLE_TABLES: readonly ExampleTable[] = [
  birthNames,
  wbHealthPopulation,
  flights,
  cleanedSalesData,
  videoGameSales,
  energyUsage,
  randomTimeSeries,
  longLat,
  // The tables of Superset's YAML example bundles (FCC survey, COVID vaccines, Slack, unicode test).
  fccSurvey2018,
  covidVaccinesTable,
  ...SLACK_TABLES,
  unicodeTestTable,
];

export function exampleTable(name: string): ExampleTable | undefined {
  return EXAMPLE_TABLES.find((t) => t.name === name);
}
