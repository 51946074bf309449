/** Superset's "COVID Vaccine Dashboard" dataset (configs/datasets/examples/covid_vaccines.yaml). */
import type { ExampleDataset } from './shared.server';

export const covidVaccines: ExampleDataset = {
  uuid: '974b7a1c-22ea-49cb-9214-97b7dbd511e0',
  table_name: 'covid_vaccines',
  columns: [
    { column_name: 'clinical_stage', type: 'STRING', expression: `CASE 
WHEN stage_of_development = 'Pre-clinical' THEN '0. Pre-clinical'
WHEN stage_of_development = 'Phase I' THEN '1. Phase I' 
WHEN stage_of_development = 'Phase I/II' or stage_of_development = 'Phase II' THEN '2. Phase II or Combined I/II'
WHEN stage_of_development = 'Phase III' THEN '3. Phase III'
WHEN stage_of_development = 'Authorized' THEN '4. Authorized'
END` },
    { column_name: 'fda_approved_indications', type: 'DOUBLE PRECISION' },
    { column_name: 'anticipated_next_steps', type: 'TEXT' },
    { column_name: 'ioc_country_code', type: 'TEXT' },
    { column_name: 'clinical_trials_for_other_diseases_or_related_use', type: 'TEXT' },
    { column_name: 'country_name', type: 'TEXT' },
    { column_name: 'product_category', type: 'TEXT' },
    { column_name: 'clinical_trials', type: 'TEXT' },
    { column_name: 'date_last_updated', type: 'TEXT' },
    { column_name: 'product_description', type: 'TEXT' },
    { column_name: 'developer_or_researcher', type: 'TEXT' },
    { column_name: 'stage_of_development', type: 'TEXT' },
    { column_name: 'funder', type: 'TEXT' },
    { column_name: 'published_results', type: 'TEXT' },
    { column_name: 'sources', type: 'TEXT' },
    { column_name: 'treatment_vs_vaccine', type: 'TEXT' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)' },
  ],
};

/** The dataset of the test-only "Unicode Test" dashboard (unicode_test.test.yaml). */
export const unicodeTest: ExampleDataset = {
  uuid: 'a6771c73-96fc-44c6-8b6e-9d303955ea48',
  table_name: 'unicode_test',
  main_dttm_col: 'dttm',
  columns: [
    { column_name: 'with_missing', type: 'VARCHAR(100)' },
    { column_name: 'phrase', type: 'VARCHAR(500)' },
    { column_name: 'short_phrase', type: 'VARCHAR(10)' },
    { column_name: 'dttm', type: 'DATE', is_dttm: true },
    { column_name: 'value', type: 'FLOAT' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)', metric_type: 'count' },
  ],
};

