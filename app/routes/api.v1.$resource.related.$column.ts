/** GET /api/v1/<resource>/related/<column>: choices for a related-object picker (owners, database, …). */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { handleRelated } from '~/server/api/handlers.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => handleRelated(request, params.resource, params.column);
