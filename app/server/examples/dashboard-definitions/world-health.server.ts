/**
 * "World Bank's Data": twelve charts on wb_health_population in four rows of three (widths 3 and
 * 4, height 50; the first row shares its columns with the markdown block), and headers. The
 * dashboards bench opens it and the filter tests narrow it by region and by country.
 */
import * as c from '../chart-definitions/world-health.server';
import { chart, exampleMetadata, header, markdown, row, type ExampleDashboard } from './shared.server';

const INTRO = `## World Bank's Data

Health, nutrition and population indicators of **214 economies** from 1960 to 2014, in seven regions.

The figures are synthetic, shaped like the World Bank's World Development Indicators.`;

export const worldHealthDashboard: ExampleDashboard = {
  uuid: 'b4e2c7d1-6a39-4f58-9e0b-2c1d3f4a5b60',
  slug: 'world_health',
  dashboard_title: "World Bank's Data",
  description: 'Population and health indicators of the world, its regions and its countries.',
  metadata: exampleMetadata(),
  layout: [
    row(markdown(INTRO, 3, 50), chart(c.worldPopulation, 3), chart(c.populationTrend, 3), chart(c.countryCount, 3)),
    header('Health'),
    row(chart(c.lifeExpectancyByRegion), chart(c.fertilityByRegion), chart(c.childMortalityByRegion)),
    row(chart(c.lifeExpectancyHeatmap), chart(c.healthByRegion), chart(c.populationVsLifeExpectancy)),
    header('Population'),
    row(chart(c.populationByRegion), chart(c.populationTreemap), chart(c.mostPopulated)),
  ],
};
