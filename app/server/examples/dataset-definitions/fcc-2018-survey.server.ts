/** Superset's "FCC New Coder Survey 2018" dataset (configs/datasets/examples/FCC_2018_Survey.yaml). */
import type { ExampleDataset } from './shared.server';

// The export lists `gender` twice, first as a calculated column; Superset's importer keeps the last, the physical one.
export const fcc2018Survey: ExampleDataset = {
  uuid: 'd95a2865-53ce-1f82-a53d-8e3c89331469',
  table_name: 'FCC 2018 Survey',
  columns: [
    { column_name: 'highest_degree_earned', type: 'STRING', verbose_name: 'Highest Degree Earned', description: 'Highest Degree Earned', expression: `CASE 
  WHEN school_degree = 'no high school (secondary school)' THEN 'A. No high school (secondary school)'
  WHEN school_degree =  'some high school' THEN 'B. Some high school'
  WHEN school_degree = 'high school diploma or equivalent (GED)' THEN 'C. High school diploma or equivalent (GED)'
  WHEN school_degree = 'associate''s degree' THEN 'D. Associate''s degree'
  WHEN school_degree = 'some college credit, no degree' THEN 'E. Some college credit, no degree'
  WHEN school_degree = 'bachelor''s degree' THEN 'F. Bachelor''s degree'
  WHEN school_degree = 'trade, technical, or vocational training' THEN 'G. Trade, technical, or vocational training'
  WHEN school_degree = 'master''s degree (non-professional)' THEN 'H. Master''s degree (non-professional)'
  WHEN school_degree = 'Ph.D.' THEN 'I. Ph.D.'
  WHEN school_degree = 'professional degree (MBA, MD, JD, etc.)' THEN 'J. Professional degree (MBA, MD, JD, etc.)'
END` },
    { column_name: 'job_location_preference', verbose_name: 'Job Location Preference', expression: `case 
when job_lctn_pref is Null then 'No Answer' 
when job_lctn_pref = 'from home' then 'From Home'
when job_lctn_pref = 'no preference' then 'No Preference'
when job_lctn_pref = 'in an office with other developers' then 'In an Office (with Other Developers)'
else job_lctn_pref
end` },
    { column_name: 'ethnic_minority', type: 'STRING', verbose_name: 'Ethnic Minority', expression: `CASE 
WHEN is_ethnic_minority = 0 THEN 'No, not an ethnic minority' 
WHEN is_ethnic_minority = 1 THEN 'Yes, an ethnic minority' 
ELSE 'No Answer'
END` },
    { column_name: 'willing_to_relocate', type: 'STRING', verbose_name: 'Willing To Relocate', expression: `CASE 
WHEN job_relocate = 0 THEN 'No: Not Willing to' 
WHEN job_relocate = 1 THEN 'Yes: Willing To'
ELSE 'No Answer'
END` },
    { column_name: 'developer_type', type: 'STRING', verbose_name: 'Developer Type', expression: 'CASE WHEN is_software_dev = 0 THEN \'Aspiring Developer\' WHEN is_software_dev = 1 THEN \'Currently A Developer\' END' },
    { column_name: 'first_time_developer', verbose_name: 'First Time Developer', expression: `CASE 
WHEN is_first_dev_job = 0 THEN 'No' 
WHEN is_first_dev_job = 1 THEN 'Yes' 
ELSE 'No Answer'
END` },
    { column_name: 'calc_first_time_dev', type: 'STRING', expression: 'CASE WHEN is_first_dev_job = 0 THEN \'No\' WHEN is_first_dev_job = 1 THEN \'Yes\' END' },
    { column_name: 'yt_codingtuts360', type: 'DOUBLE PRECISION' },
    { column_name: 'is_recv_disab_bnft', type: 'DOUBLE PRECISION' },
    { column_name: 'job_intr_qa_engn', type: 'DOUBLE PRECISION' },
    { column_name: 'has_high_spd_ntnet', type: 'DOUBLE PRECISION' },
    { column_name: 'is_first_dev_job', type: 'DOUBLE PRECISION' },
    { column_name: 'job_intr_ux_engn', type: 'DOUBLE PRECISION' },
    { column_name: 'bootcamp_have_loan', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_js_jabber', type: 'DOUBLE PRECISION' },
    { column_name: 'job_intr_datasci', type: 'DOUBLE PRECISION' },
    { column_name: 'job_intr_dataengn', type: 'DOUBLE PRECISION' },
    { column_name: 'rsrc_khan_acdm', type: 'DOUBLE PRECISION' },
    { column_name: 'has_finance_depends', type: 'DOUBLE PRECISION' },
    { column_name: 'has_served_military', type: 'DOUBLE PRECISION' },
    { column_name: 'job_intr_backend', type: 'DOUBLE PRECISION' },
    { column_name: 'job_intr_teacher', type: 'DOUBLE PRECISION' },
    { column_name: 'months_job_search', type: 'DOUBLE PRECISION' },
    { column_name: 'student_debt_has', type: 'DOUBLE PRECISION' },
    { column_name: 'student_debt_amt', type: 'DOUBLE PRECISION' },
    { column_name: 'job_intr_gamedev', type: 'DOUBLE PRECISION' },
    { column_name: 'rsrc_code_wars', type: 'DOUBLE PRECISION' },
    { column_name: 'do_finance_support', type: 'DOUBLE PRECISION' },
    { column_name: 'last_yr_income', type: 'DOUBLE PRECISION' },
    { column_name: 'is_software_dev', type: 'DOUBLE PRECISION' },
    { column_name: 'money_for_learning', type: 'DOUBLE PRECISION' },
    { column_name: 'home_mrtg_has', type: 'DOUBLE PRECISION' },
    { column_name: 'job_intr_mobile', type: 'DOUBLE PRECISION' },
    { column_name: 'job_intr_infosec', type: 'DOUBLE PRECISION' },
    { column_name: 'job_intr_fllstck', type: 'DOUBLE PRECISION' },
    { column_name: 'job_intr_frntend', type: 'DOUBLE PRECISION' },
    { column_name: 'job_intr_devops', type: 'DOUBLE PRECISION' },
    { column_name: 'job_intr_projm', type: 'DOUBLE PRECISION' },
    { column_name: 'rsrc_css_tricks', type: 'DOUBLE PRECISION' },
    { column_name: 'yt_cs_dojo', type: 'DOUBLE PRECISION' },
    { column_name: 'is_ethnic_minority', type: 'DOUBLE PRECISION' },
    { column_name: 'yt_mit_ocw', type: 'DOUBLE PRECISION' },
    { column_name: 'is_self_employed', type: 'DOUBLE PRECISION' },
    { column_name: 'home_mrtg_owe', type: 'DOUBLE PRECISION' },
    { column_name: 'yt_engn_truth', type: 'DOUBLE PRECISION' },
    { column_name: 'bootcamp_attend', type: 'DOUBLE PRECISION' },
    { column_name: 'yt_derekbanas', type: 'DOUBLE PRECISION' },
    { column_name: 'yt_learncodeacdm', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_changelog', type: 'DOUBLE PRECISION' },
    { column_name: 'rsrc_hackerrank', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_devtea', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_sedaily', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_seradio', type: 'DOUBLE PRECISION' },
    { column_name: 'codeevnt_gamejam', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_geekspeak', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_talkpythonme', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_hanselmnts', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_syntaxfm', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_shoptalk', type: 'DOUBLE PRECISION' },
    { column_name: 'yt_mozillahacks', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_codingblcks', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_codenewbie', type: 'DOUBLE PRECISION' },
    { column_name: 'bootcamp_recommend', type: 'DOUBLE PRECISION' },
    { column_name: 'codeevnt_railsbrdg', type: 'DOUBLE PRECISION' },
    { column_name: 'bootcamp_finished', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_rubyrogues', type: 'DOUBLE PRECISION' },
    { column_name: 'job_relocate', type: 'DOUBLE PRECISION' },
    { column_name: 'debt_amt', type: 'DOUBLE PRECISION' },
    { column_name: 'rsrc_codeacdm', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_fcc', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_codepenrd', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_fullstckrd', type: 'DOUBLE PRECISION' },
    { column_name: 'codeevnt_hackthn', type: 'DOUBLE PRECISION' },
    { column_name: 'rsrc_udacity', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_ltcwm', type: 'DOUBLE PRECISION' },
    { column_name: 'rsrc_coursera', type: 'DOUBLE PRECISION' },
    { column_name: 'codeevnt_djangogrls', type: 'DOUBLE PRECISION' },
    { column_name: 'codeevnt_startupwknd', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_progthrwdwn', type: 'DOUBLE PRECISION' },
    { column_name: 'expected_earn', type: 'DOUBLE PRECISION' },
    { column_name: 'rsrc_egghead', type: 'DOUBLE PRECISION' },
    { column_name: 'codeevnt_railsgrls', type: 'DOUBLE PRECISION' },
    { column_name: 'has_children', type: 'DOUBLE PRECISION' },
    { column_name: 'podcast_frnthppyhr', type: 'DOUBLE PRECISION' },
    { column_name: 'yt_codingtrain', type: 'DOUBLE PRECISION' },
    { column_name: 'rsrc_lynda', type: 'DOUBLE PRECISION' },
    { column_name: 'hours_learning', type: 'DOUBLE PRECISION' },
    { column_name: 'yt_simplilearn', type: 'DOUBLE PRECISION' },
    { column_name: 'codeevnt_wkndbtcmp', type: 'DOUBLE PRECISION' },
    { column_name: 'codeevnt_fcc', type: 'DOUBLE PRECISION' },
    { column_name: 'rsrc_fcc', type: 'DOUBLE PRECISION' },
    { column_name: 'codeevnt_coderdojo', type: 'DOUBLE PRECISION' },
    { column_name: 'codeevnt_nodeschl', type: 'DOUBLE PRECISION' },
    { column_name: 'codeevnt_womenwc', type: 'DOUBLE PRECISION' },
    { column_name: 'codeevnt_confs', type: 'DOUBLE PRECISION' },
    { column_name: 'yt_fcc', type: 'DOUBLE PRECISION' },
    { column_name: 'codeevnt_girldevit', type: 'DOUBLE PRECISION' },
    { column_name: 'codeevnt_meetup', type: 'DOUBLE PRECISION' },
    { column_name: 'codeevnt_workshps', type: 'DOUBLE PRECISION' },
    { column_name: 'rsrc_frntendmstr', type: 'DOUBLE PRECISION' },
    { column_name: 'num_children', type: 'DOUBLE PRECISION' },
    { column_name: 'rsrc_udemy', type: 'DOUBLE PRECISION' },
    { column_name: 'rsrc_edx', type: 'DOUBLE PRECISION' },
    { column_name: 'rsrc_mdn', type: 'DOUBLE PRECISION' },
    { column_name: 'rsrc_treehouse', type: 'DOUBLE PRECISION' },
    { column_name: 'yt_computerphile', type: 'DOUBLE PRECISION' },
    { column_name: 'yt_funfunfunct', type: 'DOUBLE PRECISION' },
    { column_name: 'rsrc_so', type: 'DOUBLE PRECISION' },
    { column_name: 'yt_googledevs', type: 'DOUBLE PRECISION' },
    { column_name: 'yt_devtips', type: 'DOUBLE PRECISION' },
    { column_name: 'yt_simpleprog', type: 'DOUBLE PRECISION' },
    { column_name: 'yt_lvluptuts', type: 'DOUBLE PRECISION' },
    { column_name: 'time_start', type: 'DATETIME', is_dttm: true },
    { column_name: 'time_total_sec', type: 'BIGINT' },
    { column_name: 'months_programming', type: 'BIGINT' },
    { column_name: 'age', type: 'BIGINT' },
    { column_name: 'ID', type: 'TEXT' },
    { column_name: 'reasons_to_code_other', type: 'TEXT' },
    { column_name: 'lang_at_home', type: 'TEXT' },
    { column_name: 'when_appl_job', type: 'TEXT' },
    { column_name: 'reasons_to_code', type: 'TEXT' },
    { column_name: 'live_city_population', type: 'TEXT' },
    { column_name: 'job_lctn_pref', type: 'TEXT' },
    { column_name: 'job_intr_other', type: 'TEXT' },
    { column_name: 'marital_status', type: 'TEXT' },
    { column_name: 'bootcamp_name', type: 'TEXT' },
    { column_name: 'podcast_other', type: 'TEXT' },
    { column_name: 'school_major', type: 'TEXT' },
    { column_name: 'job_pref', type: 'TEXT' },
    { column_name: 'country_citizen', type: 'TEXT' },
    { column_name: 'school_degree', type: 'TEXT' },
    { column_name: 'codeevnt_other', type: 'TEXT' },
    { column_name: 'curr_field', type: 'TEXT' },
    { column_name: 'communite_time', type: 'TEXT' },
    { column_name: 'rsrc_other', type: 'TEXT' },
    { column_name: 'country_live', type: 'TEXT' },
    { column_name: 'gender_other', type: 'TEXT' },
    { column_name: 'time_end', type: 'TEXT' },
    { column_name: 'network_id', type: 'TEXT' },
    { column_name: 'yt_other', type: 'TEXT' },
    { column_name: 'gender', type: 'TEXT' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)' },
  ],
};

