import { fcc2018Survey } from '../dataset-definitions/fcc-2018-survey.server';
import { tableColumnsOf } from '../dataset-definitions/shared.server';
import { Rng, weightedPicker } from '../random.server';
import { assertScale, daysFromCivil, formatTimestamp, rowBuilder, type ExampleTable, type Row } from './shared.server';

/*
 * freeCodeCamp's 2018 New Coder Survey, synthetic: one row per respondent, the answers the
 * survey's columns hold (multiple-choice flags are 1 or null). About a fifth already work as
 * developers and answer the job questions; the others answer the aspiring-developer ones.
 * Values match the strings the dataset's calculated columns test for.
 */

const ROWS = 28_397;
const COLUMNS = tableColumnsOf(fcc2018Survey);
const SURVEY_START = daysFromCivil(2018, 3, 8) * 86400;
const SURVEY_DAYS = 80;

type Choice = [string, number];
const picker = (choices: Choice[]) => weightedPicker(choices.map((c) => c[0]), choices.map((c) => c[1]));

const degree = picker([
  ['no high school (secondary school)', 2], ['some high school', 4], ['high school diploma or equivalent (GED)', 14],
  ["associate's degree", 6], ['some college credit, no degree', 18], ["bachelor's degree", 36],
  ['trade, technical, or vocational training', 3], ["master's degree (non-professional)", 13], ['Ph.D.', 2],
  ['professional degree (MBA, MD, JD, etc.)', 2],
]);
const major = picker([
  ['Computer Science', 16], ['Information Technology', 6], ['Business Administration and Management', 6], ['Economics', 4],
  ['Electrical Engineering', 4], ['Mechanical Engineering', 3], ['Psychology', 3], ['English', 3], ['Mathematics', 3],
  ['Biology', 3], ['Accounting', 2], ['Graphic Design', 2], ['Physics', 1], ['Political Science', 2], ['Music', 1],
]);
const country = picker([
  ['United States', 36], ['India', 12], ['United Kingdom', 4], ['Canada', 3.5], ['Brazil', 3], ['Germany', 2.5], ['Nigeria', 2],
  ['Russia', 2], ['Poland', 1.8], ['Spain', 1.6], ['France', 1.5], ['Philippines', 1.5], ['Ukraine', 1.4], ['Australia', 1.4],
  ['Mexico', 1.3], ['Pakistan', 1.2], ['Italy', 1.1], ['Netherlands', 1], ['Turkey', 1], ['Indonesia', 1], ['Egypt', 0.9],
  ['China', 0.9], ['Argentina', 0.8], ['Romania', 0.8], ['Kenya', 0.7], ['Bangladesh', 0.7], ['Vietnam', 0.6], ['Colombia', 0.6],
  ['South Africa', 0.6], ['Portugal', 0.5], ['Japan', 0.4], ['Sweden', 0.4], ['Greece', 0.4], ['Serbia', 0.4], ['Ghana', 0.3],
]);
// The usual language at home by country of residence; elsewhere English or a wider mix.
const HOME_LANGUAGE: Record<string, string> = {
  'United States': 'English', India: 'Hindi', 'United Kingdom': 'English', Canada: 'English', Brazil: 'Portuguese',
  Germany: 'German', Nigeria: 'English', Russia: 'Russian', Poland: 'Polish', Spain: 'Spanish', France: 'French',
  Philippines: 'Tagalog', Ukraine: 'Ukrainian', Australia: 'English', Mexico: 'Spanish', Pakistan: 'Urdu', Italy: 'Italian',
  Netherlands: 'Dutch', Turkey: 'Turkish', Indonesia: 'Indonesian', Egypt: 'Arabic', China: 'Chinese', Argentina: 'Spanish',
  Romania: 'Romanian', Bangladesh: 'Bengali', Vietnam: 'Vietnamese', Colombia: 'Spanish', Portugal: 'Portuguese',
  Japan: 'Japanese', Sweden: 'Swedish', Greece: 'Greek', Serbia: 'Serbian',
};
const otherLanguage = picker([['English', 20], ['Spanish', 5], ['Hindi', 3], ['Tamil', 2], ['Telugu', 2], ['Malayalam', 1.5],
  ['Arabic', 2], ['Chinese', 2], ['Russian', 1.5], ['French', 1.5], ['Korean', 1], ['Persian', 1], ['Swahili', 1], ['Yoruba', 1]]);
const jobPref = picker([['work for a multinational corporation', 22], ['work for a medium-sized company', 20], ['work for a startup', 16],
  ['start your own business', 14], ['freelance', 14], ['work for a nonprofit', 4], ['work for a government', 5]]);
const jobLocation = picker([['from home', 30], ['no preference', 38], ['in an office with other developers', 32]]);
const applyWhen = picker([['Within the next 6 months', 28], ['Within 7 to 12 months', 24], ['Within 1 to 2 years', 18],
  ["I haven't decided", 18], ["I'm already applying", 8], ['more than 2 years from now', 4]]);
const commute = picker([['Less than 15 minutes', 24], ['15 to 29 minutes', 30], ['30 to 44 minutes', 20], ['45 to 60 minutes', 11],
  ['more than 60 minutes', 6], ['I work from home', 9]]);
const cityPopulation = picker([['less than 100,000', 26], ['between 100,000 and 1 million', 34], ['more than 1 million', 40]]);
const marital = picker([['single, never married', 62], ['married or domestic partnership', 32], ['divorced', 4], ['separated', 1], ['widowed', 1]]);
const gender = picker([['Male', 79], ['Female', 17], ['Genderqueer', 0.6], ['Agender', 0.4], ['Trans', 0.3], ['', 2.7]]);
const field = picker([['software development and IT', 14], ['education', 7], ['office and administrative support', 6], ['sales', 6],
  ['food and beverage', 4], ['finance', 5], ['health care', 5], ['arts, entertainment, sports, or media', 6],
  ['construction and extraction', 2], ['transportation', 2], ['law enforcement and fire and rescue', 1], ['software development', 3]]);
const reasons = picker([['To start your first career', 30], ['To change careers', 34], ['To succeed in current career', 20],
  ['As a hobby', 10], ['To start a business or to freelance', 6]]);
const bootcamp = picker([['General Assembly', 4], ['Flatiron School', 3], ['Hack Reactor', 3], ['App Academy', 2],
  ['Le Wagon', 2], ['Lambda School', 2], ['Coding Dojo', 1.5], ['Ironhack', 1.5], ['Codesmith', 1], ['Tech Elevator', 1]]);

// How often each multiple-choice answer is ticked; columns of these groups not listed use the group's default.
const TICKS: Record<string, number> = {
  rsrc_fcc: 0.72, rsrc_so: 0.45, rsrc_mdn: 0.28, rsrc_udemy: 0.3, rsrc_codeacdm: 0.3, rsrc_coursera: 0.18, rsrc_khan_acdm: 0.12,
  rsrc_css_tricks: 0.15, rsrc_hackerrank: 0.12, rsrc_code_wars: 0.1, rsrc_edx: 0.1, rsrc_udacity: 0.1,
  yt_fcc: 0.3, yt_derekbanas: 0.1, yt_funfunfunct: 0.08, yt_codingtrain: 0.08, yt_cs_dojo: 0.07,
  podcast_fcc: 0.08, podcast_codenewbie: 0.06, podcast_syntaxfm: 0.05,
  codeevnt_meetup: 0.12, codeevnt_hackthn: 0.1, codeevnt_confs: 0.07, codeevnt_workshps: 0.07, codeevnt_fcc: 0.06,
  job_intr_fllstck: 0.45, job_intr_frntend: 0.35, job_intr_backend: 0.3, job_intr_mobile: 0.2, job_intr_datasci: 0.18,
  job_intr_gamedev: 0.12, job_intr_ux_engn: 0.1, job_intr_infosec: 0.1,
};
const GROUP_DEFAULT: [string, number][] = [['rsrc_', 0.06], ['yt_', 0.05], ['podcast_', 0.025], ['codeevnt_', 0.02], ['job_intr_', 0.06]];
const TICK_COLUMNS = COLUMNS.filter((c) => c.type === 'float' && GROUP_DEFAULT.some(([p]) => c.name.startsWith(p))).map((c) => ({
  index: COLUMNS.indexOf(c),
  p: TICKS[c.name] ?? GROUP_DEFAULT.find(([p]) => c.name.startsWith(p))![1],
  jobInterest: c.name.startsWith('job_intr_'),
}));

const hex = (rng: Rng, n: number): string => {
  let out = '';
  while (out.length < n) out += Math.floor(rng.next() * 0x100000000).toString(16).padStart(8, '0');
  return out.slice(0, n);
};
const yesNo = (rng: Rng, p: number, answered = 0.93): number | null => (rng.chance(answered) ? (rng.chance(p) ? 1 : 0) : null);
const money = (rng: Rng, median: number, spread: number, step: number): number => Math.max(0, Math.round((median * Math.exp(rng.normal(0, spread))) / step) * step);

function* generate(): Generator<Row> {
  const rng = new Rng('fcc_2018_survey');
  const build = rowBuilder(COLUMNS);
  for (let i = 0; i < ROWS; i++) {
    const dev = rng.chance(0.22);
    const age = Math.max(12, Math.min(75, Math.round(rng.normal(dev ? 31 : 28, 8))));
    const start = SURVEY_START + Math.floor(SURVEY_DAYS * 86400 * rng.next() ** 1.6);
    const seconds = Math.round(240 + rng.exponential(600));
    const lives = country(rng);
    const citizen = rng.chance(0.9) ? lives : country(rng);
    const school = rng.chance(0.96) ? degree(rng) : null;
    const hasDegree = school !== null && /bachelor|master|Ph\.D|professional|associate/.test(school);
    const g = gender(rng) || null;
    const children = age > 24 && rng.chance(0.25);
    const mortgage = age > 27 && rng.chance(0.18);
    const studentDebt = hasDegree && rng.chance(0.35);
    const camp = rng.chance(0.07);
    const values: Record<string, string | number | null> = {
      ID: hex(rng, 32), network_id: hex(rng, 10), time_start: formatTimestamp(start), time_end: formatTimestamp(start + seconds),
      time_total_sec: seconds, age, gender: g, gender_other: g === null && rng.chance(0.1) ? 'non-binary' : null,
      is_software_dev: dev ? 1 : 0, months_programming: Math.round(rng.exponential(dev ? 60 : 18)),
      hours_learning: rng.chance(0.9) ? Math.min(100, Math.round(rng.exponential(dev ? 8 : 12))) : null,
      money_for_learning: rng.chance(0.88) ? (rng.chance(0.45) ? 0 : money(rng, 200, 1.2, 10)) : null,
      school_degree: school, school_major: hasDegree ? major(rng) : null,
      country_live: lives, country_citizen: citizen,
      lang_at_home: rng.chance(0.97) ? (rng.chance(0.8) ? (HOME_LANGUAGE[lives] ?? otherLanguage(rng)) : otherLanguage(rng)) : null,
      live_city_population: rng.chance(0.95) ? cityPopulation(rng) : null, marital_status: rng.chance(0.95) ? marital(rng) : null,
      is_ethnic_minority: yesNo(rng, 0.28, 0.9), has_served_military: yesNo(rng, 0.05), is_recv_disab_bnft: yesNo(rng, 0.02),
      has_high_spd_ntnet: yesNo(rng, 0.88), has_children: children ? 1 : 0, num_children: children ? rng.int(1, 4) : null,
      has_finance_depends: yesNo(rng, 0.3), do_finance_support: yesNo(rng, 0.35),
      debt_amt: rng.chance(0.35) ? money(rng, 8000, 1, 100) : null,
      home_mrtg_has: mortgage ? 1 : 0, home_mrtg_owe: mortgage ? money(rng, 150000, 0.6, 1000) : null,
      student_debt_has: studentDebt ? 1 : 0, student_debt_amt: studentDebt ? money(rng, 25000, 0.8, 500) : null,
      reasons_to_code: rng.chance(0.92) ? reasons(rng) : null, reasons_to_code_other: rng.chance(0.01) ? 'to help my community' : null,
      bootcamp_attend: camp ? 1 : 0, bootcamp_name: camp && rng.chance(0.8) ? bootcamp(rng) : null,
      bootcamp_finished: camp ? (rng.chance(0.7) ? 1 : 0) : null, bootcamp_have_loan: camp ? (rng.chance(0.3) ? 1 : 0) : null,
      bootcamp_recommend: camp ? (rng.chance(0.75) ? 1 : 0) : null,
      rsrc_other: rng.chance(0.03) ? 'W3Schools' : null, yt_other: rng.chance(0.02) ? 'Traversy Media' : null,
      podcast_other: rng.chance(0.01) ? 'Developer Tea' : null, codeevnt_other: rng.chance(0.01) ? 'local hackerspace' : null,
    };
    if (dev) {
      Object.assign(values, {
        is_first_dev_job: yesNo(rng, 0.42, 0.97), communite_time: rng.chance(0.95) ? commute(rng) : null,
        is_self_employed: yesNo(rng, 0.12), last_yr_income: rng.chance(0.85) ? money(rng, 50000, 0.75, 500) : null,
        months_job_search: rng.chance(0.7) ? Math.round(rng.exponential(4)) : null, curr_field: 'software development',
      });
    } else {
      const lookingForWork = rng.chance(0.85);
      Object.assign(values, {
        job_pref: lookingForWork && rng.chance(0.95) ? jobPref(rng) : null, job_lctn_pref: lookingForWork && rng.chance(0.95) ? jobLocation(rng) : null,
        job_relocate: lookingForWork ? yesNo(rng, 0.55, 0.92) : null, when_appl_job: lookingForWork ? applyWhen(rng) : null,
        expected_earn: lookingForWork && rng.chance(0.9) ? money(rng, 45000, 0.6, 1000) : null,
        last_yr_income: rng.chance(0.55) ? money(rng, 22000, 0.9, 500) : null, curr_field: rng.chance(0.7) ? field(rng) : null,
        job_intr_other: lookingForWork && rng.chance(0.01) ? 'technical writer' : null,
      });
    }
    const row = build(values);
    for (const t of TICK_COLUMNS) {
      if (t.jobInterest && dev) continue;
      if (rng.chance(t.p)) row[t.index] = 1;
    }
    yield row;
  }
}

export const fccSurvey2018: ExampleTable = {
  name: fcc2018Survey.table_name,
  description: "freeCodeCamp's 2018 New Coder Survey: who is learning to code, how, and what they earn (synthetic).",
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
