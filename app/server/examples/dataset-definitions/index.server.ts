/** Every example dataset, in the order they are registered: physical ones first, then the queries over them. */
import { birthNames, cleanedSalesData, energyUsage, flights, longLat, randomTimeSeries, videoGameSales, wbHealthPopulation } from './classic.server';
import { covidVaccines, unicodeTest } from './covid-and-unicode.server';
import { fcc2018Survey } from './fcc-2018-survey.server';
import { hierarchicalDataset, projectManagement } from './featured-charts.server';
import type { ExampleDataset } from './shared.server';
import {
  channelMembers, channels, exportedStats, membersChannels2, messages, messagesChannels, newMembersDaily, threads, users, usersChannels,
  usersChannelsPairs,
} from './slack.server';

export type { ExampleColumn, ExampleDataset, ExampleMetric } from './shared.server';

export const EXAMPLE_DATASETS: readonly ExampleDataset[] = [
  birthNames, wbHealthPopulation, flights, cleanedSalesData, videoGameSales, energyUsage, randomTimeSeries, longLat,
  fcc2018Survey, covidVaccines, channels, channelMembers, users, usersChannels, messages, threads, exportedStats, unicodeTest,
  membersChannels2, messagesChannels, newMembersDaily, usersChannelsPairs, hierarchicalDataset, projectManagement,
];
