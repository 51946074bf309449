/**
 * Who may call what: every API route against the built-in roles, the expected status per role in
 * one table (issue 8). Admin, Alpha, Gamma, sql_lab (Gamma + sql_lab, as Superset assigns it) and
 * Public (not logged in). Gamma and sql_lab also hold database_access on the fixture database, as
 * an admin grants it, so the table shows what each role's own permissions allow rather than only
 * "no data"; `hidden_db` is granted to nobody, so database access shows too.
 *
 * The routes come from Remix's build (tests/helpers/route-table.ts): a new API route without a row
 * fails the first test, and each row's path is checked to reach the route it names. Requests are
 * chosen so that permission decides: writes that would change the fixtures are sent with a body
 * the permitted roles see refused as 400/404, so the table proves the gate, not the validation.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sqlite3 from 'sqlite3';
import { matchRoutes } from '@remix-run/react';
import type { ServerBuild } from '@remix-run/node';
import { encodeRisonUri } from '../../app/lib/rison';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startApp, type AppUnderTest } from '../helpers/app-under-test';
import { routeTable, type RouteEntry } from '../helpers/route-table';

type Role = 'Admin' | 'Alpha' | 'Gamma' | 'sql_lab' | 'Public';
const ROLES: Role[] = ['Admin', 'Alpha', 'Gamma', 'sql_lab', 'Public'];
type Statuses = [admin: number, alpha: number, gamma: number, sqlLab: number, pub: number];
type Row = { route: string; method: string; path: string; expect: Statuses; body?: unknown; auth?: 'refresh' };

const r = (value: unknown) => encodeRisonUri(value);

/**
 * The table. `path` placeholders: {db} the fixture database (Gamma and sql_lab hold its
 * database_access), {hidden} a database only Admin and Alpha reach, {dataset}, {chart},
 * {dashboard}, {filterSet} (a set the fixture dashboard owns), {saved} (Admin's saved query), {query}
 * and {client} (Admin's query), {permalink}.
 */
const ROWS: Row[] = [
  //                                                                                                   Admin Alpha Gamma sql_lab Public
  // Authentication: open to everyone; refresh and csrf_token need a token or a session.
  { route: '/api/v1/security/login', method: 'POST', path: '/api/v1/security/login', body: {}, expect: [400, 400, 400, 400, 400] },
  { route: '/api/v1/security/login', method: 'GET', path: '/api/v1/security/login', expect: [405, 405, 405, 405, 405] },
  { route: '/api/v1/security/refresh', method: 'POST', path: '/api/v1/security/refresh', auth: 'refresh', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/security/csrf_token', method: 'GET', path: '/api/v1/security/csrf_token/', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/me', method: 'GET', path: '/api/v1/me/', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/me/roles', method: 'GET', path: '/api/v1/me/roles/', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/time_range', method: 'GET', path: `/api/v1/time_range/?q=${r('Last week')}`, expect: [200, 200, 200, 200, 401] },

  // Databases: everyone with a login reads the list; looking inside takes database access; every write is Admin's.
  { route: '/api/v1/database', method: 'GET', path: '/api/v1/database/', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/database', method: 'POST', path: '/api/v1/database/', body: {}, expect: [400, 403, 403, 403, 401] },
  { route: '/api/v1/database/:id', method: 'GET', path: '/api/v1/database/{db}', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/database/:id', method: 'GET', path: '/api/v1/database/{hidden}', expect: [200, 200, 403, 403, 401] },
  { route: '/api/v1/database/:id', method: 'PUT', path: '/api/v1/database/{db}', body: { database_name: '' }, expect: [400, 403, 403, 403, 401] },
  { route: '/api/v1/database/:id', method: 'DELETE', path: '/api/v1/database/999999', expect: [404, 403, 403, 403, 401] },
  { route: '/api/v1/database/available', method: 'GET', path: '/api/v1/database/available/', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/database/test_connection', method: 'POST', path: '/api/v1/database/test_connection/', body: {}, expect: [400, 403, 403, 403, 401] },
  { route: '/api/v1/database/validate_parameters', method: 'POST', path: '/api/v1/database/validate_parameters/', body: {}, expect: [400, 403, 403, 403, 401] },
  { route: '/api/v1/database/:id/schemas', method: 'GET', path: '/api/v1/database/{db}/schemas/', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/database/:id/schemas', method: 'GET', path: '/api/v1/database/{hidden}/schemas/', expect: [200, 200, 403, 403, 401] },
  { route: '/api/v1/database/:id/tables', method: 'GET', path: `/api/v1/database/{db}/tables/?q=${r({ schema_name: 'main' })}`, expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/database/:id/tables', method: 'GET', path: `/api/v1/database/{hidden}/tables/?q=${r({ schema_name: 'main' })}`, expect: [200, 200, 403, 403, 401] },
  { route: '/api/v1/database/:id/table/:table/:schema', method: 'GET', path: '/api/v1/database/{db}/table/orders/main/', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/database/:id/table_extra/:table/:schema', method: 'GET', path: '/api/v1/database/{db}/table_extra/orders/main/', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/database/:id/table_metadata', method: 'GET', path: '/api/v1/database/{hidden}/table_metadata/?name=orders&schema=main', expect: [200, 200, 403, 403, 401] },
  { route: '/api/v1/database/:id/select_star/:table', method: 'GET', path: '/api/v1/database/{db}/select_star/orders/', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/database/:id/select_star/:table/:schema', method: 'GET', path: '/api/v1/database/{hidden}/select_star/orders/main/', expect: [200, 200, 403, 403, 401] },
  { route: '/api/v1/database/:id/schema_columns', method: 'GET', path: '/api/v1/database/{db}/schema_columns/', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/database/:id/related_objects', method: 'GET', path: '/api/v1/database/{hidden}/related_objects/', expect: [200, 200, 403, 403, 401] },

  // Datasets: read by every Gamma; created by Alpha and Admin; a dataset on a database out of reach is 403.
  { route: '/api/v1/dataset', method: 'GET', path: '/api/v1/dataset/', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/dataset', method: 'POST', path: '/api/v1/dataset/', body: {}, expect: [400, 400, 403, 403, 401] },
  { route: '/api/v1/dataset/:id', method: 'GET', path: '/api/v1/dataset/{dataset}', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/dataset/:id', method: 'GET', path: '/api/v1/dataset/{hiddenDataset}', expect: [200, 200, 403, 403, 401] },
  { route: '/api/v1/dataset/get_or_create', method: 'POST', path: '/api/v1/dataset/get_or_create/', body: {}, expect: [400, 400, 403, 403, 401] },
  // Changing a dataset: can_write on Dataset, then ownership (the fixture dataset has no owners, so only Admin passes).
  { route: '/api/v1/dataset/:id', method: 'PUT', path: '/api/v1/dataset/{dataset}', body: { table_name: '' }, expect: [400, 403, 403, 403, 401] },
  { route: '/api/v1/dataset/:id', method: 'DELETE', path: '/api/v1/dataset/999999', expect: [404, 404, 403, 403, 401] },
  { route: '/api/v1/dataset', method: 'DELETE', path: `/api/v1/dataset/?q=${r([999999])}`, expect: [404, 404, 403, 403, 401] },
  { route: '/api/v1/dataset/:id/refresh', method: 'PUT', path: '/api/v1/dataset/{dataset}/refresh', expect: [200, 403, 403, 403, 401] },
  { route: '/api/v1/dataset/:id/column/:column_id', method: 'DELETE', path: '/api/v1/dataset/{dataset}/column/999999', expect: [404, 403, 403, 403, 401] },
  { route: '/api/v1/dataset/:id/metric/:metric_id', method: 'DELETE', path: '/api/v1/dataset/{dataset}/metric/999999', expect: [404, 403, 403, 403, 401] },
  { route: '/api/v1/dataset/:id/related_objects', method: 'GET', path: '/api/v1/dataset/{dataset}/related_objects', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/dataset/:id/related_objects', method: 'GET', path: '/api/v1/dataset/{hiddenDataset}/related_objects', expect: [200, 200, 403, 403, 401] },
  { route: '/api/v1/dataset/duplicate', method: 'POST', path: '/api/v1/dataset/duplicate', body: {}, expect: [400, 400, 403, 403, 401] },

  // Chart data: can_read on Chart, then access to the dataset; a file needs can_csv.
  { route: '/api/v1/chart/data', method: 'POST', path: '/api/v1/chart/data', body: { datasource: { id: '{dataset}', type: 'table' }, queries: [{ metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }] }] }, expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/chart/data', method: 'POST', path: '/api/v1/chart/data', body: { datasource: { id: '{hiddenDataset}', type: 'table' }, queries: [{ metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }] }] }, expect: [200, 200, 403, 403, 401] },
  { route: '/api/v1/chart/data', method: 'GET', path: '/api/v1/chart/data', expect: [400, 400, 400, 400, 401] },
  { route: '/api/v1/chart/data/:cache_key', method: 'GET', path: `/api/v1/chart/data/qc-${'0'.repeat(64)}`, expect: [404, 404, 404, 404, 401] },
  // The fixture chart was saved without a query context: past the gate, the answer is that 400.
  { route: '/api/v1/chart/:id/data', method: 'GET', path: '/api/v1/chart/{chart}/data/', expect: [400, 400, 400, 400, 401] },
  // Charts: can_write on Chart for every write (Gamma holds it); creating needs the dataset readable; changing one needs ownership (the fixture chart has none, so only Admin passes).
  { route: '/api/v1/chart', method: 'GET', path: '/api/v1/chart/', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/chart', method: 'POST', path: '/api/v1/chart/', body: {}, expect: [400, 400, 400, 400, 401] },
  { route: '/api/v1/chart', method: 'POST', path: '/api/v1/chart/', body: { slice_name: 'x', datasource_id: '{hiddenDataset}', datasource_type: 'table', owners: [999999] }, expect: [422, 422, 403, 403, 401] },
  { route: '/api/v1/chart', method: 'DELETE', path: `/api/v1/chart/?q=${r([999999])}`, expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/chart/:id', method: 'GET', path: '/api/v1/chart/{chart}', expect: [200, 200, 200, 200, 401] },
  // A thumbnail: the saved chart drawn for whoever may see it; an old digest redirects to the current one.
  { route: '/api/v1/chart/:id/thumbnail/:digest', method: 'GET', path: `/api/v1/chart/{chart}/thumbnail/${'0'.repeat(32)}/`, expect: [302, 302, 302, 302, 401] },
  { route: '/api/v1/chart/:id/thumbnail/:digest', method: 'GET', path: `/api/v1/chart/999999/thumbnail/${'0'.repeat(32)}/`, expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/chart/:id', method: 'PUT', path: '/api/v1/chart/{chart}', body: { owners: [999999] }, expect: [422, 403, 403, 403, 401] },
  { route: '/api/v1/chart/:id', method: 'DELETE', path: '/api/v1/chart/999999', expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/datasource/:type/:id/column/:column/values', method: 'GET', path: '/api/v1/datasource/table/{dataset}/column/id/values/', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/datasource/:type/:id/column/:column/values', method: 'GET', path: '/api/v1/datasource/table/{hiddenDataset}/column/id/values/', expect: [400, 400, 403, 403, 401] },

  // Row level security: Admin only.
  { route: '/api/v1/rowlevelsecurity', method: 'GET', path: '/api/v1/rowlevelsecurity/', expect: [200, 403, 403, 403, 401] },
  { route: '/api/v1/rowlevelsecurity', method: 'POST', path: '/api/v1/rowlevelsecurity/', body: {}, expect: [400, 403, 403, 403, 401] },
  { route: '/api/v1/rowlevelsecurity', method: 'DELETE', path: `/api/v1/rowlevelsecurity/?q=${r([999999])}`, expect: [404, 403, 403, 403, 401] },
  { route: '/api/v1/rowlevelsecurity/:id', method: 'GET', path: '/api/v1/rowlevelsecurity/999999', expect: [404, 403, 403, 403, 401] },
  { route: '/api/v1/rowlevelsecurity/:id', method: 'PUT', path: '/api/v1/rowlevelsecurity/999999', body: {}, expect: [404, 403, 403, 403, 401] },
  { route: '/api/v1/rowlevelsecurity/:id', method: 'DELETE', path: '/api/v1/rowlevelsecurity/999999', expect: [404, 403, 403, 403, 401] },
  { route: '/api/v1/rowlevelsecurity/_info', method: 'GET', path: '/api/v1/rowlevelsecurity/_info', expect: [200, 403, 403, 403, 401] },
  { route: '/api/v1/rowlevelsecurity/related/:column', method: 'GET', path: '/api/v1/rowlevelsecurity/related/roles', expect: [200, 403, 403, 403, 401] },
  // Annotation layers: Admin and Alpha read and write (Superset's ALPHA_ONLY 'Annotation'); Gamma and sql_lab nothing.
  { route: '/api/v1/annotation_layer', method: 'GET', path: '/api/v1/annotation_layer/', expect: [200, 200, 403, 403, 401] },
  { route: '/api/v1/annotation_layer', method: 'POST', path: '/api/v1/annotation_layer/', body: {}, expect: [400, 400, 403, 403, 401] },
  { route: '/api/v1/annotation_layer', method: 'DELETE', path: `/api/v1/annotation_layer/?q=${r([999999])}`, expect: [404, 404, 403, 403, 401] },
  { route: '/api/v1/annotation_layer/_info', method: 'GET', path: '/api/v1/annotation_layer/_info', expect: [200, 200, 403, 403, 401] },
  { route: '/api/v1/annotation_layer/:pk', method: 'GET', path: '/api/v1/annotation_layer/999999', expect: [404, 404, 403, 403, 401] },
  { route: '/api/v1/annotation_layer/:pk', method: 'PUT', path: '/api/v1/annotation_layer/999999', body: {}, expect: [404, 404, 403, 403, 401] },
  { route: '/api/v1/annotation_layer/:pk', method: 'DELETE', path: '/api/v1/annotation_layer/999999', expect: [404, 404, 403, 403, 401] },
  { route: '/api/v1/annotation_layer/:pk/annotation', method: 'GET', path: '/api/v1/annotation_layer/999999/annotation/', expect: [404, 404, 403, 403, 401] },
  { route: '/api/v1/annotation_layer/:pk/annotation', method: 'POST', path: '/api/v1/annotation_layer/999999/annotation/', body: {}, expect: [400, 400, 403, 403, 401] },
  { route: '/api/v1/annotation_layer/:pk/annotation', method: 'DELETE', path: `/api/v1/annotation_layer/999999/annotation/?q=${r([999999])}`, expect: [404, 404, 403, 403, 401] },
  { route: '/api/v1/annotation_layer/:pk/annotation/:annotation_id', method: 'GET', path: '/api/v1/annotation_layer/999999/annotation/999999', expect: [404, 404, 403, 403, 401] },
  { route: '/api/v1/annotation_layer/:pk/annotation/:annotation_id', method: 'PUT', path: '/api/v1/annotation_layer/999999/annotation/999999', body: {}, expect: [404, 404, 403, 403, 401] },
  { route: '/api/v1/annotation_layer/:pk/annotation/:annotation_id', method: 'DELETE', path: '/api/v1/annotation_layer/999999/annotation/999999', expect: [404, 404, 403, 403, 401] },

  // CSS templates: Admin and Alpha read and write (Superset's ALPHA_ONLY 'CssTemplate'); Gamma and sql_lab nothing. Shared: no owners.
  { route: '/api/v1/css_template', method: 'GET', path: '/api/v1/css_template/', expect: [200, 200, 403, 403, 401] },
  { route: '/api/v1/css_template', method: 'POST', path: '/api/v1/css_template/', body: {}, expect: [400, 400, 403, 403, 401] },
  { route: '/api/v1/css_template', method: 'DELETE', path: `/api/v1/css_template/?q=${r([999999])}`, expect: [404, 404, 403, 403, 401] },
  { route: '/api/v1/:resource/_info', method: 'GET', path: '/api/v1/css_template/_info', expect: [200, 200, 403, 403, 401] },
  { route: '/api/v1/css_template/:id', method: 'GET', path: '/api/v1/css_template/999999', expect: [404, 404, 403, 403, 401] },
  { route: '/api/v1/css_template/:id', method: 'PUT', path: '/api/v1/css_template/999999', body: {}, expect: [404, 404, 403, 403, 401] },
  { route: '/api/v1/css_template/:id', method: 'DELETE', path: '/api/v1/css_template/999999', expect: [404, 404, 403, 403, 401] },

  // Explore state: every logged-in role; the dataset decides.
  { route: '/api/v1/explore', method: 'GET', path: '/api/v1/explore/?slice_id={chart}', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/explore', method: 'GET', path: '/api/v1/explore/?datasource_id={hiddenDataset}&datasource_type=table', expect: [200, 200, 403, 403, 401] },
  { route: '/api/v1/explore/form_data', method: 'POST', path: '/api/v1/explore/form_data', body: { datasource_id: '{dataset}', datasource_type: 'table', form_data: '{}' }, expect: [201, 201, 201, 201, 401] },
  { route: '/api/v1/explore/form_data', method: 'POST', path: '/api/v1/explore/form_data', body: { datasource_id: '{hiddenDataset}', datasource_type: 'table', form_data: '{}' }, expect: [201, 201, 403, 403, 401] },
  { route: '/api/v1/explore/form_data/:key', method: 'GET', path: '/api/v1/explore/form_data/AAAAAAAAAAAAAAAAAAAAAA', expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/explore/form_data/:key', method: 'PUT', path: '/api/v1/explore/form_data/AAAAAAAAAAAAAAAAAAAAAA', body: { datasource_id: '{dataset}', datasource_type: 'table', form_data: '{}' }, expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/explore/form_data/:key', method: 'DELETE', path: '/api/v1/explore/form_data/AAAAAAAAAAAAAAAAAAAAAA', expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/explore/permalink', method: 'POST', path: '/api/v1/explore/permalink', body: { formData: { datasource: '{hiddenDataset}__table' } }, expect: [201, 201, 403, 403, 401] },
  { route: '/api/v1/explore/permalink/:key', method: 'GET', path: '/api/v1/explore/permalink/AAAAAAAAAAAAAAAAAAAAAA', expect: [404, 404, 404, 404, 401] },

  // The generic resource endpoints (charts, dashboards, queries), and related/distinct/favourites of all.
  { route: '/api/v1/:resource', method: 'GET', path: '/api/v1/query/', expect: [200, 403, 403, 200, 401] },
  { route: '/api/v1/:resource', method: 'GET', path: '/api/v1/widget/', expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/:resource', method: 'POST', path: '/api/v1/query/', body: {}, expect: [405, 405, 405, 405, 401] },
  // Dashboards: listed by everyone with a login; created by whoever holds can_write on Dashboard (all built-in roles, as Superset's Gamma).
  { route: '/api/v1/dashboard', method: 'GET', path: '/api/v1/dashboard/', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/dashboard', method: 'POST', path: '/api/v1/dashboard/', body: { nope: 1 }, expect: [400, 400, 400, 400, 401] },
  { route: '/api/v1/dashboard', method: 'DELETE', path: `/api/v1/dashboard/?q=${r([999999])}`, expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/dashboard', method: 'POST', path: '/api/v1/dashboard/', body: { dashboard_title: 'x', owners: [999999] }, expect: [422, 422, 422, 422, 401] },
  // One dashboard: read by whoever may see it (published, on data they may see), changed by its owners (or Admin).
  { route: '/api/v1/dashboard/:id_or_slug', method: 'GET', path: '/api/v1/dashboard/{dashboard}', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/dashboard/:id_or_slug', method: 'GET', path: '/api/v1/dashboard/999999', expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/dashboard/:id_or_slug', method: 'PUT', path: '/api/v1/dashboard/{dashboard}', body: { owners: [999999] }, expect: [422, 403, 403, 403, 401] },
  { route: '/api/v1/dashboard/:id_or_slug', method: 'DELETE', path: '/api/v1/dashboard/999999', expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/dashboard/:id_or_slug/charts', method: 'GET', path: '/api/v1/dashboard/{dashboard}/charts', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/dashboard/:id_or_slug/datasets', method: 'GET', path: '/api/v1/dashboard/{dashboard}/datasets', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/dashboard/:id_or_slug/copy', method: 'POST', path: '/api/v1/dashboard/{dashboard}/copy/', body: {}, expect: [400, 400, 400, 400, 401] },
  // Permalinks: made and opened by whoever may see the dashboard.
  { route: '/api/v1/dashboard/:pk/permalink', method: 'POST', path: '/api/v1/dashboard/{dashboard}/permalink', body: { anchor: 5 }, expect: [400, 400, 400, 400, 401] },
  { route: '/api/v1/dashboard/:pk/permalink', method: 'POST', path: '/api/v1/dashboard/999999/permalink', body: {}, expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/dashboard/:pk/permalink', method: 'GET', path: '/api/v1/dashboard/{dashboard}/permalink', expect: [405, 405, 405, 405, 401] },
  // A thumbnail: the dashboard's first screen for whoever may see it; an old digest redirects to the current one.
  { route: '/api/v1/dashboard/:pk/thumbnail/:digest', method: 'GET', path: `/api/v1/dashboard/{dashboard}/thumbnail/${'0'.repeat(32)}/`, expect: [302, 302, 302, 302, 401] },
  { route: '/api/v1/dashboard/:pk/thumbnail/:digest', method: 'GET', path: `/api/v1/dashboard/999999/thumbnail/${'0'.repeat(32)}/`, expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/dashboard/:pk/thumbnail/:digest', method: 'POST', path: `/api/v1/dashboard/{dashboard}/thumbnail/${'0'.repeat(32)}/`, expect: [405, 405, 405, 405, 401] },
  { route: '/api/v1/dashboard/permalink/:key', method: 'GET', path: '/api/v1/dashboard/permalink/AAAAAAAAAAAAAAAAAAAAAA', expect: [404, 404, 404, 404, 401] },
  // Filter state: DashboardFilterStateRestApi (every role with dashboards), on a dashboard the caller may see.
  { route: '/api/v1/dashboard/:pk/filter_state', method: 'POST', path: '/api/v1/dashboard/{dashboard}/filter_state', body: { value: '{}' }, expect: [201, 201, 201, 201, 401] },
  { route: '/api/v1/dashboard/:pk/filter_state', method: 'POST', path: '/api/v1/dashboard/{dashboard}/filter_state?tab_id=x', body: { value: '{}' }, expect: [400, 400, 400, 400, 401] },
  { route: '/api/v1/dashboard/:pk/filter_state', method: 'POST', path: '/api/v1/dashboard/999999/filter_state', body: { value: '{}' }, expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/dashboard/:pk/filter_state', method: 'GET', path: '/api/v1/dashboard/{dashboard}/filter_state', expect: [405, 405, 405, 405, 401] },
  { route: '/api/v1/dashboard/:pk/filter_state/:key', method: 'GET', path: '/api/v1/dashboard/{dashboard}/filter_state/AAAAAAAAAAAAAAAAAAAAAA', expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/dashboard/:pk/filter_state/:key', method: 'PUT', path: '/api/v1/dashboard/{dashboard}/filter_state/AAAAAAAAAAAAAAAAAAAAAA', body: { value: '{}' }, expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/dashboard/:pk/filter_state/:key', method: 'DELETE', path: '/api/v1/dashboard/{dashboard}/filter_state/AAAAAAAAAAAAAAAAAAAAAA', expect: [404, 404, 404, 404, 401] },
  // Filter sets: can_read / can_write on Dashboard; a set the dashboard owns is changed by the dashboard's editors only (the fixture dashboard has no owners: Admin).
  { route: '/api/v1/dashboard/:pk/filtersets', method: 'GET', path: '/api/v1/dashboard/{dashboard}/filtersets', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/dashboard/:pk/filtersets', method: 'GET', path: '/api/v1/dashboard/999999/filtersets', expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/dashboard/:pk/filtersets', method: 'POST', path: '/api/v1/dashboard/{dashboard}/filtersets', body: {}, expect: [400, 400, 400, 400, 401] },
  { route: '/api/v1/dashboard/:pk/filtersets', method: 'POST', path: '/api/v1/dashboard/{dashboard}/filtersets', body: { name: 'shared', owner_type: 'Dashboard', json_metadata: '[]' }, expect: [422, 403, 403, 403, 401] },
  { route: '/api/v1/dashboard/:pk/filtersets/:id', method: 'PUT', path: '/api/v1/dashboard/{dashboard}/filtersets/{filterSet}', body: { json_metadata: '[]' }, expect: [422, 403, 403, 403, 401] },
  { route: '/api/v1/dashboard/:pk/filtersets/:id', method: 'PUT', path: '/api/v1/dashboard/{dashboard}/filtersets/999999', body: {}, expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/dashboard/:pk/filtersets/:id', method: 'DELETE', path: '/api/v1/dashboard/{dashboard}/filtersets/999999', expect: [404, 404, 404, 404, 401] },
  { route: '/api/v1/:resource/_info', method: 'GET', path: '/api/v1/chart/_info', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/:resource/_info', method: 'GET', path: '/api/v1/query/_info', expect: [200, 403, 403, 200, 401] },
  { route: '/api/v1/:resource/related/:column', method: 'GET', path: '/api/v1/dataset/related/database', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/:resource/related/:column', method: 'GET', path: '/api/v1/saved_query/related/database', expect: [200, 403, 403, 200, 401] },
  { route: '/api/v1/:resource/related/:column', method: 'GET', path: '/api/v1/chart/related/owners', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/:resource/distinct/:column', method: 'GET', path: '/api/v1/dataset/distinct/schema', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/:resource/distinct/:column', method: 'GET', path: '/api/v1/query/distinct/status', expect: [200, 403, 403, 200, 401] },
  { route: '/api/v1/:resource/favorite_status', method: 'GET', path: '/api/v1/chart/favorite_status/?q=!({chart})', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/:resource/:id/favorites', method: 'POST', path: '/api/v1/dashboard/{dashboard}/favorites/', expect: [200, 200, 200, 200, 401] },
  { route: '/api/v1/:resource/:id/favorites', method: 'DELETE', path: '/api/v1/chart/{chart}/favorites/', expect: [200, 200, 200, 200, 401] },

  // Saved queries: SQL Lab's, private to whoever saved them.
  { route: '/api/v1/saved_query', method: 'GET', path: '/api/v1/saved_query/', expect: [200, 403, 403, 200, 401] },
  { route: '/api/v1/saved_query', method: 'POST', path: '/api/v1/saved_query/', body: {}, expect: [400, 403, 403, 400, 401] },
  { route: '/api/v1/saved_query', method: 'DELETE', path: `/api/v1/saved_query/?q=${r([999999])}`, expect: [404, 403, 403, 404, 401] },
  { route: '/api/v1/saved_query/:id', method: 'GET', path: '/api/v1/saved_query/{saved}', expect: [200, 403, 403, 404, 401] },
  { route: '/api/v1/saved_query/:id', method: 'PUT', path: '/api/v1/saved_query/{saved}', body: {}, expect: [200, 403, 403, 404, 401] },
  { route: '/api/v1/saved_query/:id', method: 'DELETE', path: '/api/v1/saved_query/999999', expect: [404, 403, 403, 404, 401] },

  // Queries: SQL Lab's; one's own, unless all_query_access (Admin): another's query is missing, not forbidden.
  { route: '/api/v1/query/:id', method: 'GET', path: '/api/v1/query/{query}', expect: [200, 403, 403, 404, 401] },
  { route: '/api/v1/query/stop', method: 'POST', path: '/api/v1/query/stop', body: { client_id: '{client}' }, expect: [200, 403, 403, 403, 401] },
  { route: '/api/v1/query/updated_since', method: 'GET', path: `/api/v1/query/updated_since?q=${r({ last_updated_ms: 0 })}`, expect: [200, 403, 403, 200, 401] },

  // SQL Lab: the sql_lab role (and Admin); running SQL also takes access to the database.
  { route: '/api/v1/sqllab', method: 'GET', path: '/api/v1/sqllab/', expect: [200, 403, 403, 200, 401] },
  { route: '/api/v1/sqllab/execute', method: 'POST', path: '/api/v1/sqllab/execute/', body: { database_id: '{db}', sql: 'SELECT 1', runAsync: false }, expect: [200, 403, 403, 200, 401] },
  { route: '/api/v1/sqllab/execute', method: 'POST', path: '/api/v1/sqllab/execute/', body: { database_id: '{hidden}', sql: 'SELECT 1', runAsync: false }, expect: [200, 403, 403, 403, 401] },
  // SQLite has no cost estimate: past the gate, the answer is that 400.
  { route: '/api/v1/sqllab/estimate', method: 'POST', path: '/api/v1/sqllab/estimate/', body: { database_id: '{db}', sql: 'SELECT 1' }, expect: [400, 403, 403, 400, 401] },
  { route: '/api/v1/sqllab/format_sql', method: 'POST', path: '/api/v1/sqllab/format_sql/', body: { sql: 'select 1' }, expect: [200, 403, 403, 200, 401] },
  { route: '/api/v1/sqllab/results', method: 'GET', path: `/api/v1/sqllab/results/?q=${r({ key: 'no-such-key' })}`, expect: [404, 403, 403, 404, 401] },
  { route: '/api/v1/sqllab/events', method: 'GET', path: '/api/v1/sqllab/events/?client_id={client}', expect: [200, 403, 403, 403, 401] },
  { route: '/api/v1/sqllab/events', method: 'GET', path: '/api/v1/sqllab/events/?client_id=no-such-client', expect: [404, 403, 403, 404, 401] },
  { route: '/api/v1/sqllab/export/:client_id', method: 'GET', path: '/api/v1/sqllab/export/{client}/', expect: [200, 403, 403, 403, 401] },
  { route: '/api/v1/sqllab/permalink', method: 'POST', path: '/api/v1/sqllab/permalink', body: { dbId: '{db}', sql: 'SELECT 1', name: 'shared' }, expect: [201, 403, 403, 201, 401] },
  { route: '/api/v1/sqllab/permalink/:key', method: 'GET', path: '/api/v1/sqllab/permalink/{permalink}', expect: [200, 403, 403, 200, 401] },
];

type Fixtures = Record<'db' | 'hidden' | 'dataset' | 'hiddenDataset' | 'chart' | 'dashboard' | 'filterSet' | 'saved' | 'query' | 'client' | 'permalink', string>;

let app: AppUnderTest;
let build: ServerBuild;
const fixtures = {} as Fixtures;
const tokens: Partial<Record<Role, { access: string; refresh: string }>> = {};
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-matrix-'));
const warehouse = path.join(tmp, 'warehouse.sqlite');
// The warehouse is the examples file, the one SQLite file every install may open.
process.env.EXAMPLES_URL = `sqlite:///${warehouse}`;

const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, key: string) => (key in fixtures ? fixtures[key as keyof Fixtures] : `{${key}}`));
/** A body with its placeholders filled; a placeholder standing alone for an id becomes a number. */
function fillBody(value: unknown): unknown {
  if (typeof value === 'string') {
    const filled = fill(value);
    return /^\{\w+\}$/.test(value) && /^\d+$/.test(filled) ? Number(filled) : filled;
  }
  if (Array.isArray(value)) return value.map(fillBody);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillBody(v)]));
  return value;
}

async function call(role: Role, row: Row): Promise<number> {
  const headers: Record<string, string> = {};
  const token = tokens[role as Exclude<Role, 'Public'>];
  if (token) headers.Authorization = `Bearer ${row.auth === 'refresh' ? token.refresh : token.access}`;
  if (row.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await app.fetch(fill(row.path), { method: row.method, headers, body: row.body === undefined ? undefined : JSON.stringify(fillBody(row.body)) });
  await response.arrayBuffer();
  return response.status;
}

async function adminJson(method: string, p: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await app.fetch(p, {
    method,
    headers: { Authorization: `Bearer ${tokens.Admin!.access}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${p}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

type RouteObject = Parameters<typeof matchRoutes>[0][number];

/** Remix's route tree, for matching a row's path to the route that answers it. */
function routeObjects(routes: ServerBuild['routes'], parentId: string | undefined): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route && route.parentId === parentId)
    .map((route) => ({ id: route!.id, path: route!.path, index: route!.index, children: route!.index ? undefined : routeObjects(routes, route!.id) }) as RouteObject);
}

beforeAll(async () => {
  await new Promise<void>((resolve, reject) => {
    const db = new sqlite3.Database(warehouse, (error) => {
      if (error) return reject(error);
      db.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, amount REAL); INSERT INTO orders VALUES (1, 2.5);', (e) => db.close(() => (e ? reject(e) : resolve())));
    });
  });
  app = await startApp();
  build = await app.load<ServerBuild>('virtual:remix/server-build');
  const m = app.models();
  const admin = await app.login(ADMIN_USERNAME, ADMIN_PASSWORD);
  tokens.Admin = { access: admin.accessToken, refresh: admin.refreshToken };

  for (const [key, name] of [['db', 'matrix_db'], ['hidden', 'hidden_db']] as const) {
    const record = await m.Database.create({
      database_name: name, sqlalchemy_uri: `sqlite:///${warehouse}`, expose_in_sqllab: true, extra: JSON.stringify({ cost_estimate_enabled: true }),
    });
    await m.Permission.findOrCreate({ where: { permission_name: 'database_access', view_name: `[${name}].(id:${record.id})` } });
    fixtures[key] = String(record.id);
  }
  const granted = await m.Role.create({ name: 'matrix_db_readers' });
  const [access] = await m.Permission.findOrCreate({ where: { permission_name: 'database_access', view_name: `[matrix_db].(id:${fixtures.db})` } });
  await (granted as unknown as { addPermissions(ids: number[]): Promise<void> }).addPermissions([access.id]);
  for (const [role, roles] of [['Alpha', ['Alpha']], ['Gamma', ['Gamma', 'matrix_db_readers']], ['sql_lab', ['Gamma', 'sql_lab', 'matrix_db_readers']]] as const) {
    const user = await app.createUser({ username: `matrix_${role.toLowerCase()}`, roles: [...roles] });
    const login = await app.login(user.username, user.password);
    tokens[role] = { access: login.accessToken, refresh: login.refreshToken };
  }

  const dataset = await m.Dataset.create({ database_id: Number(fixtures.db), schema: 'main', table_name: 'orders' });
  fixtures.dataset = String(dataset.id);
  fixtures.hiddenDataset = String((await m.Dataset.create({ database_id: Number(fixtures.hidden), schema: 'main', table_name: 'orders' })).id);
  fixtures.chart = String((await m.Chart.create({ slice_name: 'Orders', viz_type: 'table', datasource_type: 'table', datasource_id: dataset.id })).id);
  fixtures.dashboard = String((await m.Dashboard.create({ dashboard_title: 'Orders board', published: true })).id);
  fixtures.filterSet = String((await m.FilterSet.create({
    name: 'Shared set', owner_type: 'Dashboard', owner_id: Number(fixtures.dashboard), dashboard_id: Number(fixtures.dashboard), json_metadata: '{"nativeFilters":{}}',
  })).id);
  fixtures.saved = String((await adminJson('POST', '/api/v1/saved_query/', { db_id: Number(fixtures.db), label: 'admin query', sql: 'SELECT 1', schema: 'main' })).id);
  fixtures.client = 'matrixq01';
  await adminJson('POST', '/api/v1/sqllab/execute/', { database_id: Number(fixtures.db), sql: 'SELECT * FROM orders', client_id: fixtures.client, runAsync: false });
  fixtures.query = String((await m.Query.findOne({ where: { client_id: fixtures.client } }))!.id);
  const link = await adminJson('POST', '/api/v1/sqllab/permalink', { dbId: Number(fixtures.db), sql: 'SELECT 1', name: 'shared' });
  fixtures.permalink = String(link.key);
}, 180_000);

afterAll(async () => {
  await app?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('permission matrix', () => {
  it('has a row for every API route, and every row reaches the route it names', () => {
    const table = routeTable(build);
    const api = table.filter((e: RouteEntry) => e.api);
    const byId = new Map(table.map((e) => [e.id, e.pattern.replace(/\/$/, '')]));
    const named = new Set(ROWS.map((row) => row.route));
    const missing = api.map((e) => e.pattern.replace(/\/$/, '')).filter((p) => !named.has(p));
    expect(missing, 'API routes without a row in ROWS: add one').toEqual([]);

    const tree = routeObjects(build.routes, 'root');
    const misrouted = ROWS.flatMap((row) => {
      const pathname = fill(row.path).split('?')[0];
      const matches = matchRoutes(tree, pathname) ?? [];
      const reached = byId.get(matches[matches.length - 1]?.route.id ?? '') ?? '(no route)';
      return reached === row.route ? [] : [`${row.method} ${row.path} reaches ${reached}, not ${row.route}`];
    });
    expect(misrouted).toEqual([]);
  });

  it('answers each role the status the table expects', async () => {
    const mismatches: string[] = [];
    for (const row of ROWS) {
      // Least privileged first, so a refused write is tried before a permitted one could change anything.
      for (const index of [4, 2, 3, 1, 0]) {
        const status = await call(ROLES[index], row);
        if (status !== row.expect[index]) mismatches.push(`${row.method} ${row.path} as ${ROLES[index]}: expected ${row.expect[index]}, got ${status}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
