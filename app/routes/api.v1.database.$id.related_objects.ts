/** GET /api/v1/database/<id>/related_objects/: the charts and dashboards (and datasets) built on the database. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleRelatedObjects } from '~/server/databases/api.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => handleRelatedObjects(request, params.id);

export const action = ({ request, params }: ActionFunctionArgs) => handleRelatedObjects(request, params.id);
