/**
 * GET /api/v1/dashboard/{pk}/thumbnail/{digest}/: the dashboard's first screen drawn on the server
 * as an SVG mosaic (800x600), as Superset's thumbnail endpoint answers a PNG. An old digest
 * redirects to the current one (302), as Superset does; a dashboard out of sight is a 404. `pk`
 * is an id only, as Superset's. A route of its own (`$pk`, as the permalink route), not a child of
 * `api.v1.dashboard.$id_or_slug.ts`. The picture is served as an image that may run nothing and
 * load nothing, whoever opens it directly: titles, labels and cells are data.
 */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam } from '~/server/api/inputs.server';
import { requirePermission } from '~/server/auth/current-user.server';
import { dashboardThumbnail } from '~/server/dashboards/thumbnail.server';

const Params = z.object({
  pk: idParam('dashboard'),
  digest: z.string().regex(/^[0-9a-f]{1,128}$/i, 'A thumbnail digest is a hexadecimal hash.'),
});

/** The URL names one version of the dashboard: a browser may keep it a day (per user: it needs their session). */
const SVG_HEADERS = {
  'Content-Type': 'image/svg+xml; charset=utf-8',
  'Cache-Control': 'private, max-age=86400',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
  'X-Content-Type-Options': 'nosniff',
};

const api = endpoint({
  GET: method({
    allow: (user) => requirePermission(user, 'can_read', 'Dashboard'),
    params: Params,
    run: (user, { params }) => dashboardThumbnail(user, params.pk, params.digest.toLowerCase()),
    reply: (thumbnail) => (thumbnail.kind === 'moved'
      ? new Response(null, { status: 302, headers: { Location: thumbnail.url } })
      : new Response(thumbnail.svg, { status: 200, headers: SVG_HEADERS })),
  }),
});

export const loader = api.loader;
export const action = api.action;
