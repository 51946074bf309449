import { Rng, round } from '../random.server';
import { assertScale, columns, type ExampleTable, type Row } from './shared.server';

/*
 * An energy-flow graph (TWh) for a Sankey chart: primary sources feed conversion steps, carriers
 * and end uses. Edges are listed in topological order; each node passes on what flows into it,
 * split in fixed random proportions, so flows balance the way a real energy balance does.
 * Dimension-like: `scale` does not change it.
 */

const EDGES = `Coal imports>Coal|Coal reserves>Coal|Gas imports>Natural gas|Gas reserves>Natural gas|Oil imports>Oil
Oil reserves>Oil|Biomass imports>Solid biomass|Agricultural waste>Bio-conversion|Other waste>Bio-conversion
Other waste>Solid biomass|Marine algae>Bio-conversion|Energy crops>Bio-conversion|Energy crops>Solid biomass
Nuclear>Thermal generation|Solar>Solar PV|Solar>Solar thermal|Wind>Electricity grid|Hydro>Electricity grid
Wave>Electricity grid|Tidal>Electricity grid|Geothermal>Electricity grid|Geothermal>Heating and cooling - homes
Pumped heat>Heating and cooling - homes|Pumped heat>Heating and cooling - commercial|Coal>Solid
Coal>Thermal generation|Natural gas>Gas|Natural gas>Thermal generation|Natural gas>H2 conversion|Oil>Liquid
Oil>Thermal generation|Bio-conversion>Solid|Bio-conversion>Liquid|Bio-conversion>Gas|Bio-conversion>Losses
Solid biomass>Solid|Solid biomass>Thermal generation|Solar PV>Electricity grid
Solar thermal>Heating and cooling - homes|Solar thermal>Heating and cooling - commercial
Thermal generation>Electricity grid|Thermal generation>Losses|Thermal generation>District heating
Electricity grid>H2 conversion|H2 conversion>H2|H2 conversion>Losses|Electricity grid>Over generation / exports
Electricity grid>Losses|Electricity grid>Industry|Electricity grid>Heating and cooling - homes
Electricity grid>Heating and cooling - commercial|Electricity grid>Lighting & appliances - homes
Electricity grid>Lighting & appliances - commercial|Electricity grid>Road transport|Electricity grid>Rail transport
Electricity grid>Agriculture|Solid>Industry|Solid>Agriculture|Solid>Heating and cooling - homes|Liquid>Industry
Liquid>Road transport|Liquid>Domestic aviation|Liquid>International aviation|Liquid>National navigation
Liquid>International shipping|Liquid>Agriculture|Liquid>Rail transport|Gas>Industry|Gas>Heating and cooling - homes
Gas>Heating and cooling - commercial|Gas>Agriculture|Gas>Losses|H2>Road transport|H2>Industry
District heating>Heating and cooling - homes|District heating>Heating and cooling - commercial
District heating>Industry|Industry>Energy services|Industry>Losses|Road transport>Energy services
Road transport>Losses|Heating and cooling - homes>Energy services|Heating and cooling - homes>Losses
Heating and cooling - commercial>Energy services|Lighting & appliances - homes>Energy services`
  .split(/[|\n]/)
  .map((e) => e.split('>') as [string, string]);

// Rough primary supplies in TWh.
const SUPPLY: Record<string, number> = {
  'Coal imports': 11.6, 'Coal reserves': 63.9, 'Gas imports': 40.7, 'Gas reserves': 82.2, 'Oil imports': 504.3,
  'Oil reserves': 107.7, 'Biomass imports': 35, 'Agricultural waste': 124.7, 'Other waste': 133.2,
  'Marine algae': 4.4, 'Energy crops': 56.6, Nuclear: 840, Solar: 79.3, Wind: 289.4, Hydro: 6.9, Wave: 19,
  Tidal: 9.5, Geothermal: 14.2, 'Pumped heat': 193,
};

function* generate(): Generator<Row> {
  const rng = new Rng('energy_usage');
  const inflow = new Map<string, number>();
  const outEdges = new Map<string, number[]>();
  EDGES.forEach(([source], i) => outEdges.set(source, [...(outEdges.get(source) ?? []), i]));
  const values: number[] = new Array(EDGES.length).fill(0);
  const done = new Set<string>();
  // Nodes in order of first appearance as a source; the edge list is written so that is topological.
  for (const [source] of EDGES) {
    if (done.has(source)) continue;
    done.add(source);
    const total = SUPPLY[source] ?? inflow.get(source) ?? 0;
    const edges = outEdges.get(source)!;
    const weights = edges.map((e) => (EDGES[e][1] === 'Losses' ? rng.float(0.05, 0.2) : rng.float(0.3, 1)));
    const sum = weights.reduce((a, b) => a + b, 0);
    edges.forEach((e, k) => {
      values[e] = (total * weights[k]) / sum;
      inflow.set(EDGES[e][1], (inflow.get(EDGES[e][1]) ?? 0) + values[e]);
    });
  }
  for (let i = 0; i < EDGES.length; i++) yield [EDGES[i][0], EDGES[i][1], round(values[i], 3)];
}

export const energyUsage: ExampleTable = {
  name: 'energy_usage',
  description: 'Energy flows between sources, carriers and end uses, in TWh, for Sankey charts.',
  columns: columns({ source: 'text', target: 'text', value: 'float' }),
  scalable: false,
  rowCount(scale) {
    assertScale(scale);
    return EDGES.length;
  },
  *rows(scale) {
    assertScale(scale);
    yield* generate();
  },
};
