/**
 * How the chart data routes answer what the service returns: JSON as Superset's envelopes, or a
 * CSV / XLSX / ZIP download with its file name. Trusts the service's data and permission checks.
 */
import { json } from '~/server/api/error-response.server';
import { attachmentHeader } from '~/server/api/sqllab-replies.server';
import type { ChartDataAnswer } from '~/server/chart-data/service.server';

export function chartDataReply(answer: ChartDataAnswer): Response {
  if (answer.kind === 'json') return json(answer.body);
  // A copy typed over a plain ArrayBuffer, which is what a Response body takes.
  return new Response(new Uint8Array(answer.bytes), {
    status: 200,
    headers: { 'Content-Type': answer.contentType, 'Content-Disposition': attachmentHeader(answer.filename), 'Cache-Control': 'no-store' },
  });
}
