/**
 * The Slack export's tables, with the columns Superset's dataset exports list, read from one
 * workspace (workspace.server.ts, messages.server.ts). Timestamps are UTC wall clock.
 */
import * as slack from '../../dataset-definitions/slack.server';
import { tableColumnsOf, type ExampleDataset } from '../../dataset-definitions/shared.server';
import { Rng, round } from '../../random.server';
import { assertScale, formatDate, formatTimestamp, isoWeekday, rowBuilder, type ExampleTable, type Row } from '../shared.server';
import { MESSAGE_COUNT, slackMessages, slackTs, THREAD_COUNT, type SlackMessage } from './messages.server';
import { FIRST_DAY, LAST_DAY, MEMBERSHIP_COUNT, TEAM_ID, USER_COUNT, workspace } from './workspace.server';

const GITHUB_BOT = { id: 'B015R47RNSJ', app: 'A8GBNUWU8', name: 'GitHub', updated: '2020-05-28 17:06:01' };

function slackTable(
  dataset: ExampleDataset, description: string, count: () => number, rows: () => Iterable<Row>, indexes: string[][] = [],
): ExampleTable {
  return {
    name: dataset.table_name,
    description,
    columns: tableColumnsOf(dataset),
    indexes,
    scalable: false,
    rowCount(scale) {
      assertScale(scale);
      return count();
    },
    *rows(scale) {
      assertScale(scale);
      yield* rows();
    },
  };
}

const json = (value: unknown): string => JSON.stringify(value);
const ts = (seconds: number | null): string | null => (seconds === null ? null : formatTimestamp(seconds));

export const channelsTable = slackTable(slack.channels, 'Channels of a synthetic Slack workspace export.', () => workspace().channels.length, function* () {
  const { users, channels } = workspace();
  const build = rowBuilder(tableColumnsOf(slack.channels));
  for (const [k, c] of channels.entries()) {
    yield build({
      id: c.id, channel_id: c.id, name: c.name, name_normalized: c.name, created: ts(c.created), creator: c.creator,
      is_archived: c.archived, is_general: k === 0, is_channel: true, is_group: false, is_im: false, is_mpim: false,
      is_private: false, is_shared: false, is_ext_shared: false, is_org_shared: false, is_pending_ext_shared: false,
      is_member: c.isMember, num_members: c.members.length, members: json(c.members.map((i) => users[i].id)),
      topic__value: c.topic, topic__creator: c.topic ? c.creator : '', topic__last_set: c.topic ? ts(c.created + 3600) : null,
      purpose__value: c.purpose, purpose__creator: c.creator, purpose__last_set: ts(c.created + 60),
      previous_names: json(c.previousNames), pending_shared: '[]', pending_connected_team_ids: '[]', shared_team_ids: json([TEAM_ID]),
    });
  }
}, [['id']]);

export const channelMembersTable = slackTable(slack.channelMembers, 'Who is in which channel, by id.', () => MEMBERSHIP_COUNT, function* () {
  const { users, channels } = workspace();
  const build = rowBuilder(tableColumnsOf(slack.channelMembers));
  for (const c of channels) for (const i of c.members) yield build({ channel_id: c.id, user_id: users[i].id });
}, [['channel_id'], ['user_id']]);

export const usersChannelsTable = slackTable(slack.usersChannels, 'Who is in which channel, by user id and channel name.', () => MEMBERSHIP_COUNT, function* () {
  const { users, channels } = workspace();
  const build = rowBuilder(tableColumnsOf(slack.usersChannels));
  for (const c of channels) for (const i of c.members) yield build({ user_id: users[i].id, name: c.name });
}, [['user_id']]);

export const usersTable = slackTable(slack.users, 'Members of a synthetic Slack workspace export.', () => USER_COUNT, function* () {
  const build = rowBuilder(tableColumnsOf(slack.users));
  for (const u of workspace().users) {
    const [tz, label, offset] = u.zone;
    yield build({
      id: u.id, team_id: TEAM_ID, name: u.name, real_name: u.realName, color: u.color, tz, tz_label: label, tz_offset: offset,
      updated: ts(u.updated), deleted: u.deleted, is_bot: u.isBot, is_app_user: false, is_admin: u.isAdmin, is_owner: u.isOwner,
      is_primary_owner: u.isPrimaryOwner, is_restricted: u.isRestricted, is_ultra_restricted: u.isUltraRestricted, has_2fa: u.has2fa,
    });
  }
}, [['id']]);

function blocks(text: string, seed: number): string {
  const id = seed.toString(36).slice(-5).padStart(5, 'x');
  return json([{ type: 'rich_text', block_id: id, elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text }] }] }]);
}

/** What a message and a thread row share: the thread bookkeeping Slack keeps on a parent. */
function threadFields(m: SlackMessage, all: SlackMessage[]) {
  const { users } = workspace();
  if (m.replies.length === 0) return {};
  const replyUsers = [...new Set(m.replies.map((r) => all[r].user).filter((u): u is number => u !== null))].map((u) => users[u].id);
  return {
    thread_ts: slackTs(m), reply_count: m.replies.length, reply_users_count: replyUsers.length, reply_users: json(replyUsers),
    latest_reply: slackTs(all[m.replies[m.replies.length - 1]]), subscribed: false,
  };
}

export const messagesTable = slackTable(slack.messages, 'Messages of a synthetic Slack workspace export, June–September 2020.', () => MESSAGE_COUNT, function* () {
  const { users, channels } = workspace();
  const all = slackMessages();
  const build = rowBuilder(tableColumnsOf(slack.messages));
  for (const [n, m] of all.entries()) {
    const user = m.user === null ? null : users[m.user].id;
    const bot = m.kind === 'bot_message';
    const parent = m.parent === null ? null : all[m.parent];
    yield build({
      ts: ts(m.seconds), channel_id: channels[m.channel].id, type: 'message', subtype: m.kind === 'message' ? null : m.kind,
      text: m.text, user, client_msg_id: m.clientMsgId, team: user && TEAM_ID, user_team: user && TEAM_ID, source_team: user && TEAM_ID,
      blocks: m.kind === 'message' ? blocks(m.text, n) : null,
      reactions: m.reactions.length ? json(m.reactions) : null,
      topic: m.kind === 'channel_topic' ? m.text.replace('set the channel topic: ', '') : null,
      upload: m.fileId !== null, file_id: m.fileId, file_ids: m.fileId && json([m.fileId]),
      display_as_bot: false, bot_id: bot ? GITHUB_BOT.id : null, username: bot ? 'github' : null,
      bot_profile__id: bot ? GITHUB_BOT.id : null, bot_profile__app_id: bot ? GITHUB_BOT.app : null,
      bot_profile__name: bot ? GITHUB_BOT.name : null, bot_profile__team_id: bot ? TEAM_ID : null,
      bot_profile__deleted: bot ? false : null, bot_profile__updated: bot ? GITHUB_BOT.updated : null,
      ...(parent ? { thread_ts: slackTs(parent), parent_user_id: parent.user === null ? null : users[parent.user].id } : {}),
      ...threadFields(m, all),
      last_read: m.replies.length ? ts(all[m.replies[m.replies.length - 1]].seconds) : null,
    });
  }
}, [['channel_id']]);

export const threadsTable = slackTable(slack.threads, 'Thread parents of the Slack export, with their reply counts.', () => THREAD_COUNT, function* () {
  const { users, channels } = workspace();
  const all = slackMessages();
  const build = rowBuilder(tableColumnsOf(slack.threads));
  for (const [n, m] of all.entries()) {
    if (m.replies.length === 0) continue;
    yield build({
      ts: ts(m.seconds), client_msg_id: m.clientMsgId, channel_id: channels[m.channel].id, team: TEAM_ID, type: 'message',
      user: m.user === null ? null : users[m.user].id, text: m.text, blocks: blocks(m.text, n), ...threadFields(m, all),
    });
  }
});

const STATS_DAYS = LAST_DAY - FIRST_DAY + 1;

/** Slack's daily analytics export: membership from the workspace, activity drawn around it. */
function* stats(): Generator<Row> {
  const { users, channels } = workspace();
  const rng = new Rng('slack:exported_stats');
  const build = rowBuilder(tableColumnsOf(slack.exportedStats));
  let joined = 0;
  let guests = 0;
  let openChannels = 0;
  for (let day = FIRST_DAY; day <= LAST_DAY; day++) {
    const end = (day + 1) * 86400;
    while (joined < users.length && users[joined].joined < end) {
      if (users[joined].isRestricted || users[joined].isUltraRestricted) guests++;
      joined++;
    }
    while (openChannels < channels.length && channels[openChannels].created < end) openChannels++;
    const weekend = isoWeekday(day) >= 6;
    const daily = Math.round(joined * rng.float(0.07, 0.12) * (weekend ? 0.45 : 1));
    const posting = Math.round(daily * rng.float(0.18, 0.3));
    const posted = Math.round(posting * rng.float(1.8, 3.2));
    const share = [rng.float(0.55, 0.75), rng.float(0.03, 0.08)];
    const inPublic = Math.round(posted * share[0]);
    const inPrivate = Math.round(posted * share[1]);
    const inDms = posted - inPublic - inPrivate;
    const views = [round(rng.float(0.6, 0.8), 4), round(rng.float(0.02, 0.06), 4)];
    const percent = (part: number): number => (posted ? round(part / posted, 4) : 0);
    yield build({
      date: `${formatDate(day)} 00:00:00`, total_membership: joined, full_members: joined - guests, guests,
      daily_active_members: daily, weekly_active_members: Math.round(joined * rng.float(0.22, 0.3)),
      daily_members_posting_messages: posting, weekly_members_posting_messages: Math.round(posting * rng.float(2.5, 3.5)),
      messages_posted: posted, messages_in_public_channels: inPublic, messages_in_private_channels: inPrivate,
      messages_in_shared_channels: 0, messages_in_dms: inDms,
      percent_of_messages_public_channels: percent(inPublic), percent_of_messages_private_channels: percent(inPrivate),
      percent_of_messages_dms: percent(inDms),
      percent_of_views_public_channels: views[0], percent_of_views_private_channels: views[1], percent_of_views_dms: round(1 - views[0] - views[1], 4),
      public_channels_single_workspace: openChannels,
    });
  }
}

export const exportedStatsTable = slackTable(slack.exportedStats, "The Slack workspace's daily analytics, July 2017 – September 2020.", () => STATS_DAYS, stats);

export const SLACK_TABLES: readonly ExampleTable[] = [
  channelsTable, channelMembersTable, usersTable, usersChannelsTable, messagesTable, threadsTable, exportedStatsTable,
];
