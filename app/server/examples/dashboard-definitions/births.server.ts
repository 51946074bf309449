/**
 * "USA Births Names": top-level tabs. Overview holds the totals (a column of two big numbers
 * nested in a row), trends and states; Names holds the names. Each tab has a markdown block and
 * a divider.
 */
import * as c from '../chart-definitions/births.server';
import { chart, column, divider, exampleMetadata, header, markdown, row, tab, tabs, type ExampleDashboard } from './shared.server';

const OVERVIEW = `## Births in the USA

Births by year, gender and state from **1965 to 2008**, as the Social Security Administration
reports names (synthetic figures of the same shape). Ten large states are reported on their own;
the rest are pooled as *other*.`;

const NAMES = `### About the names

A name is counted in a state and year when at least five babies got it. The **Names** tab
ranks them over the whole period.`;

export const birthsDashboard: ExampleDashboard = {
  uuid: 'b4e2c7d1-6a39-4f58-9e0b-2c1d3f4a5b61',
  slug: 'births',
  dashboard_title: 'USA Births Names',
  description: 'Births and baby names in the USA by year, gender and state.',
  metadata: exampleMetadata(),
  layout: [
    tabs(
      tab('births-overview', 'Overview',
        row(markdown(OVERVIEW, 4, 50), column(4, chart(c.boys, 4, 25), chart(c.girls, 4, 25)), chart(c.totalBirths, 4, 50)),
        divider(),
        row(chart(c.birthsByGender, 8), chart(c.genderSplit, 4)),
        row(chart(c.birthsPerYear, 4), chart(c.birthsByState, 4), chart(c.californiaShare, 4)),
        row(chart(c.stateGenderPivot, 6), chart(c.stateGenderHeatmap, 6)),
      ),
      tab('births-names', 'Names',
        header('Popular names'),
        row(chart(c.topNames, 4), chart(c.namesOverTime, 8)),
        divider(),
        row(column(4, markdown(NAMES, 4, 25)), chart(c.namesTreemap, 8)),
      ),
    ),
  ],
};
