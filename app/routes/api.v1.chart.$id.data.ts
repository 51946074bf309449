/**
 * `GET /api/v1/chart/{id}/data/?format=&type=&force=`: the chart's saved query context, run as
 * the query string asks (json, csv or xlsx; any result type). Needs can_read on Chart and access
 * to the chart's dataset (a chart out of reach is a 404, as Superset filters it away).
 */
import { z } from 'zod';
import { requirePermission } from '~/server/auth/current-user.server';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam, searchParams } from '~/server/api/inputs.server';
import { Booleanish } from '~/server/chart-data/request.server';
import { savedChartData } from '~/server/chart-data/saved-chart.server';
import { chartDataReply } from './api.v1.chart.data/reply.server';

const Query = z.object({
  format: z.string().optional(),
  type: z.string().optional(),
  force: Booleanish.optional(),
});

const api = endpoint({
  GET: method({
    allow: (user) => requirePermission(user, 'can_read', 'Chart'),
    params: z.object({ id: idParam('chart') }),
    query: searchParams(Query),
    run: (user, { params, query, signal }) => savedChartData(user, { id: params.id, format: query.format, type: query.type, force: query.force === true, signal }),
    reply: chartDataReply,
  }),
});

export const loader = api.loader;
export const action = api.action;
