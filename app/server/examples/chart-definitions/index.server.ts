/** Every example chart, in the order they are registered. */
import { BIRTHS_CHARTS } from './births.server';
import { SALES_CHARTS } from './sales.server';
import type { ExampleChart } from './shared.server';
import { WORLD_HEALTH_CHARTS } from './world-health.server';

export type { ExampleChart, ExampleFormData } from './shared.server';

export const EXAMPLE_CHARTS: readonly ExampleChart[] = [...WORLD_HEALTH_CHARTS, ...BIRTHS_CHARTS, ...SALES_CHARTS];
