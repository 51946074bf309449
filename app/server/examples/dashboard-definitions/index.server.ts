/** Every example dashboard, in the order they are registered. */
import { birthsDashboard } from './births.server';
import { salesDashboard } from './sales.server';
import type { ExampleDashboard } from './shared.server';
import { worldHealthDashboard } from './world-health.server';

export type { ExampleDashboard, ExampleTab, LayoutNode } from './shared.server';
export { chartsOf } from './shared.server';

export const EXAMPLE_DASHBOARDS: readonly ExampleDashboard[] = [worldHealthDashboard, birthsDashboard, salesDashboard];
