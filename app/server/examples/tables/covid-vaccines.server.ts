import { covidVaccines as definition } from '../dataset-definitions/covid-and-unicode.server';
import { tableColumnsOf } from '../dataset-definitions/shared.server';
import { Rng, weightedPicker } from '../random.server';
import { assertScale, daysFromCivil, formatDate, rowBuilder, type ExampleTable, type Row } from './shared.server';

/*
 * COVID-19 vaccine candidates as trackers listed them in autumn 2020 (synthetic rows in the
 * shape of the Milken Institute tracker): the well-known candidates first, then pre-clinical
 * programmes of universities and biotechs. Stages are the strings the dataset's clinical_stage
 * column maps.
 */

const ROWS = 265;
const COLUMNS = tableColumnsOf(definition);

// Country, IOC code.
const COUNTRIES: [string, string][] = [
  ['United States', 'USA'], ['China', 'CHN'], ['United Kingdom', 'GBR'], ['Germany', 'GER'], ['Canada', 'CAN'], ['India', 'IND'],
  ['Russia', 'RUS'], ['Japan', 'JPN'], ['South Korea', 'KOR'], ['Australia', 'AUS'], ['France', 'FRA'], ['Italy', 'ITA'],
  ['Switzerland', 'SUI'], ['Netherlands', 'NED'], ['Belgium', 'BEL'], ['Israel', 'ISR'], ['Brazil', 'BRA'], ['Cuba', 'CUB'],
  ['Thailand', 'THA'], ['Vietnam', 'VIE'], ['Taiwan', 'TPE'], ['Singapore', 'SIN'], ['Denmark', 'DEN'], ['Spain', 'ESP'],
];
const COUNTRY_WEIGHTS = [40, 25, 12, 8, 8, 8, 6, 6, 5, 5, 5, 3, 3, 3, 2, 2, 2, 2, 2, 1, 2, 1, 1, 2];

// Developer, country, category, stage: the candidates everyone followed.
const KNOWN: [string, string, string, string][] = [
  ['Moderna/NIAID', 'United States', 'RNA-based vaccine', 'Phase III'],
  ['Pfizer/BioNTech', 'United States', 'RNA-based vaccine', 'Phase III'],
  ['University of Oxford/AstraZeneca', 'United Kingdom', 'Non-replicating viral vector', 'Phase III'],
  ['CanSino Biologics', 'China', 'Non-replicating viral vector', 'Authorized'],
  ['Sinovac', 'China', 'Inactivated virus', 'Phase III'],
  ['Sinopharm/Beijing Institute of Biological Products', 'China', 'Inactivated virus', 'Phase III'],
  ['Sinopharm/Wuhan Institute of Biological Products', 'China', 'Inactivated virus', 'Phase III'],
  ['Gamaleya Research Institute', 'Russia', 'Non-replicating viral vector', 'Authorized'],
  ['Vector Institute', 'Russia', 'Protein subunit', 'Authorized'],
  ['Johnson & Johnson/Janssen', 'United States', 'Non-replicating viral vector', 'Phase III'],
  ['Novavax', 'United States', 'Protein subunit', 'Phase III'],
  ['Inovio Pharmaceuticals', 'United States', 'DNA-based vaccine', 'Phase I/II'],
  ['CureVac', 'Germany', 'RNA-based vaccine', 'Phase II'],
  ['Bharat Biotech', 'India', 'Inactivated virus', 'Phase I/II'],
  ['Zydus Cadila', 'India', 'DNA-based vaccine', 'Phase I/II'],
  ['Medicago', 'Canada', 'Virus-like particle', 'Phase I'],
  ['Sanofi/GSK', 'France', 'Protein subunit', 'Phase I/II'],
  ['Clover Biopharmaceuticals', 'China', 'Protein subunit', 'Phase I'],
  ['Arcturus Therapeutics', 'United States', 'RNA-based vaccine', 'Phase I/II'],
  ['Imperial College London', 'United Kingdom', 'RNA-based vaccine', 'Phase I'],
  ['Anhui Zhifei Longcom', 'China', 'Protein subunit', 'Phase II'],
  ['Vaxart', 'United States', 'Non-replicating viral vector', 'Phase I'],
  ['AnGes/Osaka University', 'Japan', 'DNA-based vaccine', 'Phase I/II'],
  ['Genexine', 'South Korea', 'DNA-based vaccine', 'Phase I/II'],
  ['University of Queensland/CSL', 'Australia', 'Protein subunit', 'Phase I'],
  ['Institut Pasteur/Themis/Merck', 'France', 'Replicating viral vector', 'Phase I'],
  ['Chinese Academy of Medical Sciences', 'China', 'Inactivated virus', 'Phase I/II'],
  ['Instituto Finlay de Vacunas', 'Cuba', 'Protein subunit', 'Phase I/II'],
];

const CATEGORIES = ['RNA-based vaccine', 'DNA-based vaccine', 'Inactivated virus', 'Live attenuated virus', 'Non-replicating viral vector',
  'Replicating viral vector', 'Protein subunit', 'Virus-like particle', 'Other'];
const CATEGORY_WEIGHTS = [12, 8, 6, 3, 14, 8, 30, 8, 5];
const LATER_STAGES = ['Pre-clinical', 'Phase I', 'Phase I/II', 'Phase II'];
const LATER_STAGE_WEIGHTS = [86, 7, 4, 3];
const INSTITUTIONS = ['University', 'Institute of Virology', 'Biologics', 'Therapeutics', 'Vaccines', 'Biotech', 'Medical School', 'Pharma'];
const PLACES = ['Pittsburgh', 'Tübingen', 'Hong Kong', 'Tel Aviv', 'Bangkok', 'Toronto', 'Leiden', 'Lausanne', 'Sydney', 'Seoul', 'Kyoto',
  'Hanoi', 'São Paulo', 'Pune', 'Copenhagen', 'Madrid', 'Milan', 'Leuven', 'Taipei', 'Singapore', 'Shenzhen', 'Boston', 'Houston', 'Saskatoon'];
const FUNDERS = ['CEPI', 'BARDA', 'Operation Warp Speed', 'National Institutes of Health', 'Bill & Melinda Gates Foundation',
  'European Commission', 'UK Research and Innovation', 'Government funding', 'Private investment'];
const NEXT_STEPS = ['Phase III trial results expected by the end of 2020', 'Start of Phase I trials planned', 'Manufacturing scale-up under way',
  'Awaiting regulatory review', 'Animal studies ongoing', 'Phase II trial to begin in Q4 2020'];

function* generate(): Generator<Row> {
  const rng = new Rng('covid_vaccines');
  const build = rowBuilder(COLUMNS);
  const country = weightedPicker(COUNTRIES, COUNTRY_WEIGHTS);
  const category = weightedPicker(CATEGORIES, CATEGORY_WEIGHTS);
  const laterStage = weightedPicker(LATER_STAGES, LATER_STAGE_WEIGHTS);
  const updated = daysFromCivil(2020, 8, 20);
  for (let i = 0; i < ROWS; i++) {
    let developer: string, countryName: string, ioc: string, kind: string, stage: string;
    if (i < KNOWN.length) {
      [developer, countryName, kind, stage] = KNOWN[i];
      ioc = COUNTRIES.find(([name]) => name === countryName)![1];
    } else {
      [countryName, ioc] = country(rng);
      developer = `${rng.pick(PLACES)} ${rng.pick(INSTITUTIONS)}`;
      kind = category(rng);
      stage = laterStage(rng);
    }
    const inTrials = stage !== 'Pre-clinical';
    const trial = inTrials ? `NCT0${rng.int(4280000, 4590000)}` : null;
    yield build({
      developer_or_researcher: developer, country_name: countryName, ioc_country_code: ioc, product_category: kind,
      stage_of_development: stage, treatment_vs_vaccine: 'Vaccine',
      product_description: `${kind} candidate against SARS-CoV-2${rng.chance(0.6) ? ' targeting the spike protein' : ''}.`,
      clinical_trials: trial, anticipated_next_steps: rng.chance(0.7) ? rng.pick(NEXT_STEPS) : null,
      clinical_trials_for_other_diseases_or_related_use: rng.chance(0.9) ? 'No' : 'Previously tested against MERS-CoV',
      funder: rng.chance(0.75) ? rng.pick(FUNDERS) : null,
      published_results: inTrials && rng.chance(0.4) ? `https://doi.org/10.1056/NEJMoa20${rng.int(10000, 39999)}` : null,
      sources: trial ? `https://clinicaltrials.gov/ct2/show/${trial}` : 'https://www.who.int/publications/m/item/draft-landscape-of-covid-19-candidate-vaccines',
      date_last_updated: formatDate(updated + rng.int(0, 40)),
    });
  }
}

export const covidVaccinesTable: ExampleTable = {
  name: definition.table_name,
  description: 'COVID-19 vaccine candidates by developer, country, approach and stage, autumn 2020 (synthetic).',
  columns: COLUMNS,
  scalable: false,
  rowCount(scale) {
    assertScale(scale);
    return ROWS;
  },
  *rows(scale) {
    assertScale(scale);
    yield* generate();
  },
};
