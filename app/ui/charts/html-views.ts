/**
 * The React views of the HTML chart types (table, pivot table, big numbers, filter box), imported statically:
 * the server renders them into the page, so they must be in the route's bundle. ECharts types have
 * no view here; their code loads with import() after the SVG shows.
 */
import BigNumberView from '~/viz/big-number/view';
import BigNumberTotalView from '~/viz/big-number-total/view';
import FilterBoxView from '~/viz/filter-box/view';
import PivotTableView from '~/viz/pivot-table/view';
import TableView from '~/viz/table/view';
import type { HtmlViews } from './chart-frame';

// Each view takes its own model type; the frame hands it the model its type's transformProps made.
export const HTML_VIEWS: HtmlViews = {
  table: TableView as unknown as HtmlViews[string],
  pivot_table_v2: PivotTableView as unknown as HtmlViews[string],
  big_number_total: BigNumberTotalView as unknown as HtmlViews[string],
  big_number: BigNumberView as unknown as HtmlViews[string],
  filter_box: FilterBoxView as unknown as HtmlViews[string],
};
