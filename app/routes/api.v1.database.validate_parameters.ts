/** POST /api/v1/database/validate_parameters/: checks an engine's connection parameters, then tries them. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleValidateParameters } from '~/server/databases/api.server';

export const loader = ({ request }: LoaderFunctionArgs) => handleValidateParameters(request);

export const action = ({ request }: ActionFunctionArgs) => handleValidateParameters(request);
