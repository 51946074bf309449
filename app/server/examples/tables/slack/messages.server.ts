/**
 * The workspace's messages from mid-June to early September 2020: people asking and answering in
 * the channels, GitHub's bot posting to #github-notifications, joins and topic changes, with 85
 * threads (a parent and its replies in the same channel within four days).
 */
import { Rng, weightedPicker } from '../../random.server';
import { daysFromCivil, isoWeekday } from '../shared.server';
import { idMaker, LAST_DAY, workspace, type Workspace } from './workspace.server';

export const MESSAGE_COUNT = 4684;
export const THREAD_COUNT = 85;
const FIRST_MESSAGE_DAY = daysFromCivil(2020, 6, 15);

export type MessageKind = 'message' | 'bot_message' | 'channel_join' | 'channel_topic';

export interface SlackMessage {
  /** Seconds since the epoch, and the microseconds Slack's ts string adds. */
  seconds: number;
  micros: number;
  channel: number;
  /** Index into the workspace's users; null for the bot. */
  user: number | null;
  kind: MessageKind;
  text: string;
  clientMsgId: string | null;
  /** Index of the thread's parent, for replies. */
  parent: number | null;
  /** Indexes of the replies, for thread parents. */
  replies: number[];
  reactions: { name: string; users: string[]; count: number }[];
  fileId: string | null;
}

/** Slack's message id: seconds and microseconds, as text. */
export const slackTs = (m: Pick<SlackMessage, 'seconds' | 'micros'>): string => `${m.seconds}.${String(m.micros).padStart(6, '0')}`;

const THINGS = ['the dashboard native filters', 'SQL Lab', 'async queries with Celery', 'the Helm chart', 'docker compose',
  'row level security', 'the chart cache', 'Jinja templating', 'the table chart', 'the ECharts time-series chart',
  'a virtual dataset', 'cross filters', 'alerts and reports', 'the REST API', 'embedded dashboards', 'OAuth login with Google',
  'the pivot table', 'deck.gl maps', 'CSV upload', 'dashboard export and import', 'the time grain dropdown', 'calculated columns'];
const DATABASES = ['Postgres', 'MySQL', 'BigQuery', 'Snowflake', 'Trino', 'Druid', 'ClickHouse', 'Redshift', 'SQLite', 'Athena'];
const VERSIONS = ['0.36', '0.37', '0.37.2', '0.38', '1.0'];
const QUESTIONS = [
  'Has anyone got {thing} working with {db}? I keep getting a timeout.',
  'After upgrading to {version} {thing} stopped working for me, any idea what changed?',
  'Is there a way to set a default value in {thing}?',
  'Quick question: does {thing} support {db} yet?',
  'What is the recommended way to deploy {thing} in production?',
  'I am seeing "Unexpected error" in {thing} when the dataset comes from {db}. Logs attached.',
  'How do I give a Gamma user access to {thing} without making them Admin?',
  'Can {thing} be themed? Our designers want the brand colours.',
];
const ANSWERS = [
  'You need to restart the workers after changing the config.',
  'That was fixed in {version}, try upgrading.',
  'Check the datasource permissions for that role, it is usually the cause.',
  'There is an open issue on GitHub about this, please add your details there.',
  'It works for us on {db}, can you share your superset_config.py?',
  'Thanks, that did it!',
  'You can set it in the feature flags, see the docs for {thing}.',
  'Same problem here, following.',
];
const PR_TITLES = ['fix(dashboard): keep filter state on refresh', 'feat(sqllab): show query cost', 'chore: bump dependencies',
  'fix(explore): time grain for integer years', 'docs: installing on Kubernetes', 'feat(charts): new ECharts funnel',
  'refactor: typescript for the dataset editor', 'fix(security): check dataset access on samples'];
const REACTIONS = ['+1', 'tada', 'eyes', 'pray', 'heart', 'rocket', 'white_check_mark'];

function fill(rng: Rng, template: string): string {
  return template
    .replace('{thing}', rng.pick(THINGS))
    .replace('{db}', rng.pick(DATABASES))
    .replace('{version}', rng.pick(VERSIONS));
}

function uuid(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A second of the window: weekdays busier than weekends, afternoons (UTC) busier than nights. */
function when(rng: Rng): number {
  const days = LAST_DAY - FIRST_MESSAGE_DAY + 1;
  for (;;) {
    const day = FIRST_MESSAGE_DAY + rng.int(0, days - 1);
    if (isoWeekday(day) >= 6 && !rng.chance(0.35)) continue;
    const second = Math.floor(rng.normal(16 * 3600, 4.5 * 3600));
    if (second >= 0 && second < 86400) return day * 86400 + second;
  }
}

function generate(ws: Workspace): SlackMessage[] {
  const rng = new Rng('slack:messages');
  const files = idMaker(rng, 'F');
  const github = ws.channels.findIndex((c) => c.name === 'github-notifications');
  const channelPick = weightedPicker(ws.channels.map((_, k) => k), ws.channels.map((c, k) => (k === github ? 2.2 : 1 / (k + 1) ** 0.8)));
  // A few hundred regulars write most of the messages.
  const regulars = rng.shuffle(ws.users.map((_, i) => i).filter((i) => !ws.users[i].isBot)).slice(0, 600);
  const author = weightedPicker(regulars, regulars.map((_, r) => 1 / (r + 3)));
  const messages: SlackMessage[] = [];
  for (let n = 0; n < MESSAGE_COUNT; n++) {
    const channel = channelPick(rng);
    const base = { seconds: when(rng), micros: rng.int(0, 999_999), channel, parent: null, replies: [], reactions: [], fileId: null };
    if (channel === github) {
      const pr = rng.int(10_000, 10_800);
      const text = `[apache/superset] Pull request ${rng.pick(['opened', 'merged', 'closed'])}: #${pr} ${rng.pick(PR_TITLES)}`;
      messages.push({ ...base, user: null, kind: 'bot_message', text, clientMsgId: null });
      continue;
    }
    const user = author(rng);
    const roll = rng.next();
    if (roll < 0.07) {
      messages.push({ ...base, user, kind: 'channel_join', text: `<@${ws.users[user].id}> has joined the channel`, clientMsgId: null });
    } else if (roll < 0.075) {
      const topic = fill(rng, 'Talk about {thing} here');
      messages.push({ ...base, user, kind: 'channel_topic', text: `set the channel topic: ${topic}`, clientMsgId: null });
    } else {
      const text = fill(rng, rng.chance(0.55) ? rng.pick(QUESTIONS) : rng.pick(ANSWERS));
      const reactions = rng.chance(0.12)
        ? [{ name: rng.pick(REACTIONS), users: [ws.users[author(rng)].id], count: 1 }]
        : [];
      messages.push({ ...base, user, kind: 'message', text, clientMsgId: uuid(rng), reactions, fileId: rng.chance(0.02) ? files() : null });
    }
  }
  messages.sort((a, b) => a.seconds - b.seconds || a.micros - b.micros);
  makeThreads(rng, messages);
  return messages;
}

/** Picks THREAD_COUNT parents among ordinary messages and gives each the following messages of its channel as replies. */
function makeThreads(rng: Rng, messages: SlackMessage[]): void {
  // Each channel's ordinary messages in time order, and where each message sits in its channel's list.
  const byChannel = new Map<number, number[]>();
  const position = new Map<number, number>();
  messages.forEach((m, i) => {
    if (m.kind !== 'message') return;
    const list = byChannel.get(m.channel) ?? [];
    if (list.length === 0) byChannel.set(m.channel, list);
    position.set(i, list.length);
    list.push(i);
  });
  const taken = new Set<number>();
  const candidates = rng.shuffle(messages.map((_, i) => i).filter((i) => messages[i].kind === 'message'));
  let threads = 0;
  for (const p of candidates) {
    if (threads === THREAD_COUNT) break;
    if (taken.has(p)) continue;
    const parent = messages[p];
    const wanted = 1 + Math.min(9, Math.floor(rng.exponential(2.5)));
    const list = byChannel.get(parent.channel) ?? [];
    const replies: number[] = [];
    for (let k = position.get(p)! + 1; k < list.length && replies.length < wanted; k++) {
      if (messages[list[k]].seconds - parent.seconds >= 4 * 86400) break;
      if (!taken.has(list[k])) replies.push(list[k]);
    }
    if (replies.length === 0) continue;
    taken.add(p);
    for (const r of replies) {
      taken.add(r);
      messages[r].parent = p;
    }
    parent.replies = replies;
    threads++;
  }
  if (threads !== THREAD_COUNT) throw new Error(`slack: only ${threads} threads could be made`);
}

let cached: SlackMessage[] | undefined;

export function slackMessages(): SlackMessage[] {
  cached ??= generate(workspace());
  return cached;
}
