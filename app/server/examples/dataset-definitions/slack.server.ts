/** Superset's "Slack Dashboard" datasets: an exported Slack workspace and the queries over it. */
import type { ExampleDataset } from './shared.server';

export const channels: ExampleDataset = {
  uuid: 'f7db6d45-7056-f395-d24a-6c805fb4c97d',
  table_name: 'channels',
  main_dttm_col: 'created',
  columns: [
    { column_name: 'topic__last_set', type: 'TIMESTAMP WITHOUT TIME ZONE', is_dttm: true },
    { column_name: 'purpose__last_set', type: 'TIMESTAMP WITHOUT TIME ZONE', is_dttm: true },
    { column_name: 'created', type: 'TIMESTAMP WITHOUT TIME ZONE', is_dttm: true },
    { column_name: 'unlinked', type: 'TIMESTAMP WITHOUT TIME ZONE', is_dttm: true },
    { column_name: 'topic__creator', type: 'VARCHAR' },
    { column_name: 'purpose__creator', type: 'VARCHAR' },
    { column_name: 'topic__value', type: 'TEXT' },
    { column_name: 'purpose__value', type: 'VARCHAR' },
    { column_name: 'parent_conversation', type: 'VARCHAR' },
    { column_name: 'name_normalized', type: 'VARCHAR' },
    { column_name: 'channel_id', type: 'VARCHAR' },
    { column_name: 'creator', type: 'VARCHAR' },
    { column_name: 'name', type: 'VARCHAR' },
    { column_name: 'id', type: 'VARCHAR' },
    { column_name: 'is_pending_ext_shared', type: 'BOOLEAN' },
    { column_name: 'is_ext_shared', type: 'BOOLEAN' },
    { column_name: 'is_org_shared', type: 'BOOLEAN' },
    { column_name: 'is_archived', type: 'BOOLEAN' },
    { column_name: 'is_channel', type: 'BOOLEAN' },
    { column_name: 'is_shared', type: 'BOOLEAN' },
    { column_name: 'is_general', type: 'BOOLEAN' },
    { column_name: 'is_private', type: 'BOOLEAN' },
    { column_name: 'is_member', type: 'BOOLEAN' },
    { column_name: 'is_group', type: 'BOOLEAN' },
    { column_name: 'is_mpim', type: 'BOOLEAN' },
    { column_name: 'is_im', type: 'BOOLEAN' },
    { column_name: 'num_members', type: 'BIGINT' },
    { column_name: 'pending_connected_team_ids', type: 'TEXT' },
    { column_name: 'shared_team_ids', type: 'TEXT' },
    { column_name: 'pending_shared', type: 'TEXT' },
    { column_name: 'previous_names', type: 'TEXT' },
    { column_name: 'members', type: 'TEXT' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)', metric_type: 'count' },
  ],
};

export const channelMembers: ExampleDataset = {
  uuid: '3e8130eb-0831-d568-b531-c3ce6d68d3d8',
  table_name: 'channel_members',
  columns: [
    { column_name: 'channel_id', type: 'VARCHAR' },
    { column_name: 'user_id', type: 'VARCHAR' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)', metric_type: 'count' },
  ],
};

export const users: ExampleDataset = {
  uuid: '7195db6b-2d17-7619-b7c7-26b15378df8c',
  table_name: 'users',
  main_dttm_col: 'updated',
  columns: [
    { column_name: 'updated', type: 'TIMESTAMP WITHOUT TIME ZONE', is_dttm: true },
    { column_name: 'has_2fa', type: 'BOOLEAN' },
    { column_name: 'real_name', type: 'VARCHAR' },
    { column_name: 'tz_label', type: 'VARCHAR' },
    { column_name: 'team_id', type: 'VARCHAR' },
    { column_name: 'name', type: 'VARCHAR' },
    { column_name: 'color', type: 'VARCHAR' },
    { column_name: 'id', type: 'VARCHAR' },
    { column_name: 'tz', type: 'VARCHAR' },
    { column_name: 'is_ultra_restricted', type: 'BOOLEAN' },
    { column_name: 'is_primary_owner', type: 'BOOLEAN' },
    { column_name: 'is_app_user', type: 'BOOLEAN' },
    { column_name: 'is_admin', type: 'BOOLEAN' },
    { column_name: 'is_bot', type: 'BOOLEAN' },
    { column_name: 'is_restricted', type: 'BOOLEAN' },
    { column_name: 'is_owner', type: 'BOOLEAN' },
    { column_name: 'deleted', type: 'BOOLEAN' },
    { column_name: 'tz_offset', type: 'BIGINT' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)', metric_type: 'count' },
  ],
};

export const usersChannels: ExampleDataset = {
  uuid: '29b18573-c9d6-40bc-b8cb-f70c9a1b6244',
  table_name: 'users_channels',
  columns: [
    { column_name: 'user_id', type: 'STRING' },
    { column_name: 'name', type: 'STRING' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'count(*)' },
  ],
};

export const messages: ExampleDataset = {
  uuid: 'e032c69e-716e-d700-eff7-07800d0f9989',
  table_name: 'messages',
  main_dttm_col: 'bot_profile__updated',
  columns: [
    { column_name: 'bot_profile__updated', type: 'TIMESTAMP WITHOUT TIME ZONE', is_dttm: true },
    { column_name: 'last_read', type: 'TIMESTAMP WITHOUT TIME ZONE', is_dttm: true },
    { column_name: 'ts', type: 'TIMESTAMP WITHOUT TIME ZONE', is_dttm: true },
    { column_name: 'bot_profile__team_id', type: 'VARCHAR' },
    { column_name: 'bot_profile__app_id', type: 'VARCHAR' },
    { column_name: 'bot_profile__name', type: 'VARCHAR' },
    { column_name: 'bot_profile__id', type: 'VARCHAR' },
    { column_name: 'parent_user_id', type: 'VARCHAR' },
    { column_name: 'client_msg_id', type: 'VARCHAR' },
    { column_name: 'icons__emoji', type: 'VARCHAR' },
    { column_name: 'channel_id', type: 'VARCHAR' },
    { column_name: 'source_team', type: 'VARCHAR' },
    { column_name: 'thread_ts', type: 'VARCHAR' },
    { column_name: 'old_name', type: 'VARCHAR' },
    { column_name: 'latest_reply', type: 'VARCHAR' },
    { column_name: 'user_team', type: 'VARCHAR' },
    { column_name: 'bot_id', type: 'VARCHAR' },
    { column_name: 'file_id', type: 'VARCHAR' },
    { column_name: 'username', type: 'VARCHAR' },
    { column_name: 'permalink', type: 'VARCHAR' },
    { column_name: 'name', type: 'VARCHAR' },
    { column_name: 'team', type: 'VARCHAR' },
    { column_name: 'subtype', type: 'VARCHAR' },
    { column_name: 'topic', type: 'VARCHAR' },
    { column_name: 'inviter', type: 'VARCHAR' },
    { column_name: 'purpose', type: 'VARCHAR' },
    { column_name: 'type', type: 'VARCHAR' },
    { column_name: 'user', type: 'VARCHAR' },
    { column_name: 'text', type: 'TEXT' },
    { column_name: 'bot_profile__deleted', type: 'BOOLEAN' },
    { column_name: 'display_as_bot', type: 'BOOLEAN' },
    { column_name: 'is_delayed_message', type: 'BOOLEAN' },
    { column_name: 'is_starred', type: 'BOOLEAN' },
    { column_name: 'is_intro', type: 'BOOLEAN' },
    { column_name: 'upload', type: 'BOOLEAN' },
    { column_name: 'subscribed', type: 'BOOLEAN' },
    { column_name: 'reply_users_count', type: 'BIGINT' },
    { column_name: 'unread_count', type: 'BIGINT' },
    { column_name: 'reply_count', type: 'BIGINT' },
    { column_name: 'file_ids', type: 'TEXT' },
    { column_name: 'pinned_to', type: 'TEXT' },
    { column_name: 'reply_users', type: 'TEXT' },
    { column_name: 'reactions', type: 'TEXT' },
    { column_name: 'blocks', type: 'TEXT' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)', metric_type: 'count' },
  ],
};

export const threads: ExampleDataset = {
  uuid: 'd7438be6-6078-17dd-cf9a-56f0ef546c80',
  table_name: 'threads',
  main_dttm_col: 'ts',
  columns: [
    { column_name: 'ts', type: 'TIMESTAMP WITHOUT TIME ZONE', is_dttm: true },
    { column_name: 'client_msg_id', type: 'VARCHAR' },
    { column_name: 'channel_id', type: 'VARCHAR' },
    { column_name: 'thread_ts', type: 'VARCHAR' },
    { column_name: 'latest_reply', type: 'VARCHAR' },
    { column_name: 'team', type: 'VARCHAR' },
    { column_name: 'type', type: 'VARCHAR' },
    { column_name: 'user', type: 'VARCHAR' },
    { column_name: 'text', type: 'TEXT' },
    { column_name: 'subscribed', type: 'BOOLEAN' },
    { column_name: 'reply_count', type: 'BIGINT' },
    { column_name: 'reply_users', type: 'TEXT' },
    { column_name: 'blocks', type: 'TEXT' },
    { column_name: 'reply_users_count', type: 'BIGINT' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)', metric_type: 'count' },
  ],
};

export const exportedStats: ExampleDataset = {
  uuid: '0bd5d01c-b7d8-471b-b3a5-366ce6c920d4',
  table_name: 'exported_stats',
  // The export says 'Date', a column it does not list (the CSV's header before lower-casing): the column is `date`.
  main_dttm_col: 'date',
  columns: [
    { column_name: 'new_members', type: 'BIGINT', verbose_name: 'New Members', expression: 'total_membership - LAG(total_membership) OVER (ORDER BY date)' },
    { column_name: 'percent_of_messages_private_channels', type: 'DOUBLE PRECISION' },
    { column_name: 'percent_of_messages_public_channels', type: 'DOUBLE PRECISION' },
    { column_name: 'percent_of_views_private_channels', type: 'DOUBLE PRECISION' },
    { column_name: 'percent_of_views_public_channels', type: 'DOUBLE PRECISION' },
    { column_name: 'percent_of_messages_dms', type: 'DOUBLE PRECISION' },
    { column_name: 'percent_of_views_dms', type: 'DOUBLE PRECISION' },
    { column_name: 'date', type: 'TIMESTAMP WITHOUT TIME ZONE', is_dttm: true },
    { column_name: 'daily_members_posting_messages', type: 'BIGINT' },
    { column_name: 'messages_in_shared_channels', type: 'BIGINT' },
    { column_name: 'messages_in_private_channels', type: 'BIGINT' },
    { column_name: 'messages_in_public_channels', type: 'BIGINT' },
    { column_name: 'weekly_members_posting_messages', type: 'BIGINT' },
    { column_name: 'public_channels_single_workspace', type: 'BIGINT' },
    { column_name: 'messages_in_dms', type: 'BIGINT' },
    { column_name: 'daily_active_members', type: 'BIGINT' },
    { column_name: 'weekly_active_members', type: 'BIGINT' },
    { column_name: 'full_members', type: 'BIGINT' },
    { column_name: 'messages_posted', type: 'BIGINT' },
    { column_name: 'total_membership', type: 'BIGINT' },
    { column_name: 'guests', type: 'BIGINT' },
    { column_name: 'name', type: 'BIGINT' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)' },
  ],
};

export const membersChannels2: ExampleDataset = {
  uuid: '3d9c0054-b31b-4102-92de-b1ef9f9e5e77',
  table_name: 'members_channels_2',
  sql: 'SELECT c.name AS channel_name, u.name AS member_name FROM channel_members cm JOIN channels c ON cm.channel_id = c.id JOIN users u ON cm.user_id = u.id',
  columns: [
    { column_name: 'channel_name' },
    { column_name: 'member_name' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'count(*)' },
  ],
};

export const messagesChannels: ExampleDataset = {
  uuid: '6e533506-fce6-4f6a-b116-d139df6dbdea',
  table_name: 'messages_channels',
  sql: 'SELECT m.ts, c.name, m.text FROM messages m JOIN channels c ON m.channel_id = c.id',
  columns: [
    { column_name: 'ts', type: 'DATETIME', is_dttm: true },
    { column_name: 'name', type: 'VAR_STRING' },
    { column_name: 'text', type: 'BLOB' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'count(*)' },
  ],
};

export const newMembersDaily: ExampleDataset = {
  uuid: '9dd99cda-ff6b-4575-9a74-684d06e871ab',
  table_name: 'new_members_daily',
  sql: 'SELECT date, total_membership - lag(total_membership) OVER (ORDER BY date) AS new_members FROM exported_stats',
  columns: [
    { column_name: 'date', type: 'DATETIME', is_dttm: true },
    { column_name: 'new_members', type: 'LONGLONG' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'count(*)' },
  ],
};

export const usersChannelsPairs: ExampleDataset = {
  uuid: '473d6113-b44a-48d8-a6ae-e0ef7e2aebb0',
  table_name: 'users_channels-uzooNNtSRO',
  sql: 'SELECT uc1.name as channel_1, uc2.name as channel_2, count(*) AS cnt FROM users_channels uc1 JOIN users_channels uc2 ON uc1.user_id = uc2.user_id GROUP BY uc1.name, uc2.name HAVING uc1.name <> uc2.name',
  columns: [
    { column_name: 'channel_1', type: 'STRING' },
    { column_name: 'channel_2', type: 'STRING' },
    { column_name: 'cnt', type: 'INT' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'count(*)' },
  ],
};

