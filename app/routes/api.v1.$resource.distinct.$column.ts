/** GET /api/v1/<resource>/distinct/<column>: the values a column takes, for filter dropdowns. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { handleDistinct } from '~/server/api/handlers.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => handleDistinct(request, params.resource, params.column);
