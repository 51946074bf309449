/** GET /api/v1/sqllab/export/<client_id>/: the query's whole result as a CSV download, run again and streamed. */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { textParam } from '~/server/api/inputs.server';
import { csvDownload } from '~/server/api/sqllab-replies.server';
import { exportCsv } from '~/server/sqllab/export.server';

const api = endpoint({
  GET: method({
    params: z.object({ client_id: textParam('query') }),
    run: (user, { params, signal }) => exportCsv(user, { clientId: params.client_id, signal }),
    reply: (file) => csvDownload(file),
  }),
});

export const loader = api.loader;
export const action = api.action;
