/**
 * The data pane under the chart: Results (the chart's rows) and Samples (the dataset's rows), each
 * with search, copy and the row-count badge. Stub: the data pane work fills this in.
 */
import type { ChartDataResult } from '~/lib/chart-data/types';
import type { ExploreChrome } from './types';

export type DataPaneProps = {
  chrome: ExploreChrome;
  /** The answers the chart drew (Results shows the first query's rows). */
  queriesData: ChartDataResult[];
};

export function DataPane(_props: DataPaneProps) {
  return null;
}
