/**
 * The example warehouse: every table Sightline ships for demos and tests, in load order.
 * Definitions live one per file under ./tables; this module only lists them.
 */
import { birthNames } from './tables/birth-names.server';
import { cleanedSalesData } from './tables/cleaned-sales-data.server';
import { energyUsage } from './tables/energy-usage.server';
import { flights } from './tables/flights.server';
import { longLat } from './tables/long-lat.server';
import { randomTimeSeries } from './tables/random-time-series.server';
import { videoGameSales } from './tables/video-game-sales.server';
import { wbHealthPopulation } from './tables/wb-health-population.server';
import type { ExampleTable } from './tables/shared.server';

export type { Cell, ColumnDef, ExampleTable, LogicalType, Row } from './tables/shared.server';

export const EXAMPLE_TABLES: readonly ExampleTable[] = [
  birthNames,
  wbHealthPopulation,
  flights,
  cleanedSalesData,
  videoGameSales,
  energyUsage,
  randomTimeSeries,
  longLat,
];

export function exampleTable(name: string): ExampleTable | undefined {
  return EXAMPLE_TABLES.find((t) => t.name === name);
}
