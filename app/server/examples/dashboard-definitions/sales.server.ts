/** "Sales Dashboard": a header and six charts on cleaned_sales_data. */
import * as c from '../chart-definitions/sales.server';
import { chart, exampleMetadata, header, row, type ExampleDashboard } from './shared.server';

export const salesDashboard: ExampleDashboard = {
  uuid: 'b4e2c7d1-6a39-4f58-9e0b-2c1d3f4a5b62',
  slug: 'sales',
  dashboard_title: 'Sales Dashboard',
  description: 'Orders of a die-cast model wholesaler, 2003–2005.',
  metadata: exampleMetadata(),
  layout: [
    header('Sales overview', 'LARGE_HEADER'),
    row(chart(c.totalRevenue, 4), chart(c.itemsSold, 4), chart(c.revenueByDealSize, 4)),
    row(chart(c.quarterlySales, 6), chart(c.monthlyByTerritory, 6)),
    row(chart(c.topCustomers, 12)),
  ],
};
