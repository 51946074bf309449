/**
 * GET /api/v1/chart/{id}/thumbnail/{digest}/: the chart drawn on the server as an SVG picture
 * (800x450), as Superset's thumbnail endpoint answers a PNG. An old digest redirects to the
 * current one (302), as Superset does; a chart out of reach is a 404. The picture is served as an
 * image that may run nothing and load nothing, whoever opens it directly: chart labels are data.
 */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam } from '~/server/api/inputs.server';
import { requirePermission } from '~/server/auth/current-user.server';
import { chartThumbnail } from '~/server/charts/thumbnail.server';

const Params = z.object({
  id: idParam('chart'),
  digest: z.string().regex(/^[0-9a-f]{1,128}$/i, 'A thumbnail digest is a hexadecimal hash.'),
});

/** The URL names one version of the chart: a browser may keep it a day (per user: it needs their session). */
const SVG_HEADERS = {
  'Content-Type': 'image/svg+xml; charset=utf-8',
  'Cache-Control': 'private, max-age=86400',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
  'X-Content-Type-Options': 'nosniff',
};

const api = endpoint({
  GET: method({
    allow: (user) => requirePermission(user, 'can_read', 'Chart'),
    params: Params,
    run: (user, { params }) => chartThumbnail(user, params.id, params.digest.toLowerCase()),
    reply: (thumbnail) => (thumbnail.kind === 'moved'
      ? new Response(null, { status: 302, headers: { Location: thumbnail.url } })
      : new Response(thumbnail.svg, { status: 200, headers: SVG_HEADERS })),
  }),
});

export const loader = api.loader;
export const action = api.action;
