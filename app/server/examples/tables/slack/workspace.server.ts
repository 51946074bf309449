/**
 * A synthetic export of an open-source project's Slack workspace (Superset's "Slack Dashboard"
 * data): its people, channels and memberships, 2017-07 to 2020-09. Built once from one seed and
 * shared by the Slack tables, so ids agree across them (channel_members joins channels and users,
 * exported_stats counts the same people).
 */
import { Rng, weightedPicker } from '../../random.server';
import { allocate, daysFromCivil } from '../shared.server';

export const TEAM_ID = 'T0HHJ6CQZ';
/** The first and last day of the export, as days since the epoch. */
export const FIRST_DAY = daysFromCivil(2017, 7, 26);
export const LAST_DAY = daysFromCivil(2020, 9, 8);

export const USER_COUNT = 2505;
export const MEMBERSHIP_COUNT = 8368;
/** People already in the workspace on the first day of the export. */
const FOUNDERS = 40;

const FIRST = `James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph
Jessica Thomas Sarah Charles Karen Daniel Nancy Matthew Lisa Anthony Betty Mark Margaret Paul Sandra Steven Ashley Andrew
Kimberly Joshua Emily Kevin Donna Brian Michelle Ravi Priya Arjun Ananya Rahul Deepika Wei Jing Hiroshi Yuki Min Seo
Ahmed Fatima Omar Layla Carlos Sofia Diego Lucia Mateus Ana Pierre Camille Lukas Anna Jakub Zofia Ivan Olga Dmitri Elena
Maxime Lea Tomasz Agnieszka Kwame Amara Chidi Ngozi Mehmet Elif Nguyen Linh Arash Shirin Sven Ingrid Matteo Giulia`.split(/\s+/);
const LAST = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson
Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Lewis Robinson Walker Patel Sharma Singh
Kumar Gupta Wang Li Zhang Liu Chen Yamamoto Tanaka Kim Park Choi Hassan Ali Khan Silva Santos Oliveira Dubois Moreau
Muller Schmidt Schneider Nowak Kowalski Ivanov Petrov Rossi Bianchi Okafor Mensah Yilmaz Tran Hosseini Larsen Johansson`.split(/\s+/);

// Zone, label and offset in seconds as they read in the summer of 2020, with how common each is.
const ZONES: [string, string, number, number][] = [
  ['America/Los_Angeles', 'Pacific Daylight Time', -25200, 22],
  ['America/New_York', 'Eastern Daylight Time', -14400, 14],
  ['America/Chicago', 'Central Daylight Time', -18000, 6],
  ['America/Denver', 'Mountain Daylight Time', -21600, 2],
  ['America/Sao_Paulo', 'Brasilia Standard Time', -10800, 4],
  ['Europe/London', 'British Summer Time', 3600, 7],
  ['Europe/Amsterdam', 'Central European Summer Time', 7200, 6],
  ['Europe/Berlin', 'Central European Summer Time', 7200, 6],
  ['Europe/Paris', 'Central European Summer Time', 7200, 4],
  ['Europe/Kiev', 'Eastern European Summer Time', 10800, 2],
  ['Asia/Jerusalem', 'Israel Daylight Time', 10800, 1],
  ['Asia/Kolkata', 'India Standard Time', 19800, 14],
  ['Asia/Shanghai', 'China Standard Time', 28800, 7],
  ['Asia/Singapore', 'Singapore Standard Time', 28800, 2],
  ['Asia/Tokyo', 'Japan Standard Time', 32400, 2],
  ['Asia/Jakarta', 'Western Indonesia Time', 25200, 1],
  ['Africa/Lagos', 'West Africa Standard Time', 3600, 1],
  ['Australia/Sydney', 'Australian Eastern Standard Time', 36000, 2],
];

// Channels in order of creation; `general` holds everyone, the rest share the other memberships.
const CHANNEL_NAMES = `general random announcements introductions beginners dashboards sql-lab dashboard-filters
visualization_plugins github-notifications superset_prs dev feature-requests helm-k8-deployment docker installation
security-and-auth druid presto-trino bigquery snowflake postgres mysql clickhouse deckgl-maps alerts-and-reports caching
celery-async-queries embedded-dashboards rest-api jinja-templating rbac localization documentation design ux-feedback
release-planning testing ci-cd frontend backend typescript-migration echarts-migration performance scale-and-ops
events meetups jobs newsletter superset-summit community-updates contributing good-first-issues translations
apache-superset-china superset-brasil superset-india data-engineering dbt-integration airflow feature-flags
dataset-editor explore product_feedback`.split(/\s+/);

export interface SlackUser {
  id: string;
  name: string;
  realName: string;
  zone: (typeof ZONES)[number];
  color: string;
  /** Seconds since the epoch. */
  joined: number;
  updated: number;
  deleted: boolean;
  isBot: boolean;
  isAdmin: boolean;
  isOwner: boolean;
  isPrimaryOwner: boolean;
  isRestricted: boolean;
  isUltraRestricted: boolean;
  has2fa: boolean;
}

export interface SlackChannel {
  id: string;
  name: string;
  created: number;
  creator: string;
  archived: boolean;
  isMember: boolean;
  topic: string;
  purpose: string;
  previousNames: string[];
  /** Indexes into Workspace.users, ascending. */
  members: number[];
}

export interface Workspace {
  users: SlackUser[];
  channels: SlackChannel[];
}

const ALPHANUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A Slack-style id (prefix + 10 upper-case letters and digits), unique among those already made. */
export function idMaker(rng: Rng, prefix: string): () => string {
  const seen = new Set<string>();
  return () => {
    for (;;) {
      let id = prefix;
      for (let i = 0; i < 10; i++) id += ALPHANUM[rng.int(0, 35)];
      if (!seen.has(id)) {
        seen.add(id);
        return id;
      }
    }
  };
}

/** When person i joined: the founders before the export starts, the rest along an accelerating curve. */
function joinTimes(rng: Rng): number[] {
  const start = FIRST_DAY * 86400;
  const span = (LAST_DAY + 1) * 86400 - start;
  const times: number[] = [];
  for (let i = 0; i < FOUNDERS; i++) times.push(start - rng.int(1, 80 * 86400));
  for (let i = FOUNDERS; i < USER_COUNT; i++) times.push(start + Math.floor(span * rng.next() ** 0.7));
  return times.sort((a, b) => a - b);
}

function makeUsers(rng: Rng): SlackUser[] {
  const newId = idMaker(rng, 'U');
  const zone = weightedPicker(ZONES, ZONES.map((z) => z[3]));
  const taken = new Set<string>();
  return joinTimes(rng).map((joined, i) => {
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    let name = rng.pick([`${first}.${last}`, `${first[0]}${last}`, first, `${first}${last[0]}`]).toLowerCase();
    if (taken.has(name)) name = `${name}${rng.int(1, 999)}`;
    while (taken.has(name)) name = `${name}${rng.int(0, 9)}`;
    taken.add(name);
    const isBot = i > FOUNDERS && rng.chance(0.006);
    const end = (LAST_DAY + 1) * 86400;
    return {
      id: newId(),
      name,
      realName: isBot ? `${first} Bot` : `${first} ${last}`,
      zone: zone(rng),
      color: rng.int(0, 0xffffff).toString(16).padStart(6, '0'),
      joined,
      updated: joined + Math.floor((end - joined) * rng.next()),
      deleted: rng.chance(0.08),
      isBot,
      isAdmin: i < 3 || rng.chance(0.003),
      isOwner: i < 3,
      isPrimaryOwner: i === 0,
      isRestricted: !isBot && i >= FOUNDERS && rng.chance(0.01),
      isUltraRestricted: !isBot && i >= FOUNDERS && rng.chance(0.003),
      has2fa: !isBot && rng.chance(0.18),
    };
  });
}

const TOPICS = ['Ask anything, be kind', 'Release notes and roadmap', 'See the docs first: https://superset.apache.org', '', ''];

function makeChannels(rng: Rng, users: SlackUser[]): SlackChannel[] {
  const newId = idMaker(rng, 'C');
  const start = users[0].joined;
  const end = (LAST_DAY + 1) * 86400;
  const others = CHANNEL_NAMES.length - 1;
  // Bigger channels tend to be older; each has at least a handful of people.
  const sizes = allocate(MEMBERSHIP_COUNT - USER_COUNT, CHANNEL_NAMES.slice(1).map((_, k) => 1 / (k + 2) ** 0.9));
  return CHANNEL_NAMES.map((name, k) => {
    const created = k === 0 ? start : start + Math.floor(((end - start) * k) / (others + 6) + rng.int(0, 86400 * 20));
    let members: number[];
    if (k === 0) members = users.map((_, i) => i);
    else {
      const all = users.map((_, i) => i);
      members = rng.shuffle(all).slice(0, sizes[k - 1]).sort((a, b) => a - b);
    }
    const founders = users.slice(0, FOUNDERS);
    return {
      id: newId(),
      name,
      created,
      creator: rng.pick(founders).id,
      archived: k > 8 && rng.chance(0.08),
      isMember: k < 12 || rng.chance(0.3),
      topic: rng.pick(TOPICS),
      purpose: k === 0 ? 'This channel is for workspace-wide communication and announcements.' : `Discussion about ${name.replace(/[-_]/g, ' ')}`,
      previousNames: k > 0 && rng.chance(0.1) ? [`${name}-old`] : [],
      members,
    };
  });
}

let cached: Workspace | undefined;

/** The workspace, generated on first use. */
export function workspace(): Workspace {
  if (!cached) {
    const rng = new Rng('slack:workspace');
    const users = makeUsers(rng);
    cached = { users, channels: makeChannels(rng, users) };
  }
  return cached;
}
