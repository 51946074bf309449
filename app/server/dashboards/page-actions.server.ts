/**
 * The dashboard page's plain forms besides the star (stub: being built): properties, publish and
 * delete, so a dashboard's owner can change them without JavaScript. Each answers a redirect with
 * the spec's message as a toast.
 */
import type { CurrentUser } from '../auth/current-user.server';
import { InvalidInputError } from '../domain-errors.server';
import type { DashboardRef } from './inputs.server';

export const PAGE_FORM_INTENTS = ['properties', 'publish', 'delete'] as const;

export async function dashboardFormAction(
  _request: Request,
  _user: CurrentUser,
  _ref: DashboardRef,
  form: FormData,
  _location: string,
): Promise<Response> {
  throw new InvalidInputError(`Unknown intent: ${String(form.get('intent') ?? '')}`);
}
