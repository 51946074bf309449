import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';
import { buttonClass } from './primitives/button';

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Not logged in',
  403: 'Access denied',
  404: 'Page not found',
  429: 'Too many requests',
};

/** The shared error page: a thrown Response shows its status and message, anything else a generic text. */
export function ErrorPage() {
  const error = useRouteError();
  let status = 500;
  let message = 'Sorry, an unknown error occurred.';
  if (isRouteErrorResponse(error)) {
    status = error.status;
    const body = error.data as unknown;
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') message = body.message;
    else if (typeof body === 'string' && body) message = body;
    else message = error.statusText || message;
  }
  return (
    <section className="mx-auto max-w-xl py-16 text-center" aria-labelledby="error-title">
      <p className="text-sm font-semibold text-brand-600 dark:text-brand-500">{status}</p>
      <h1 id="error-title" className="mt-2 text-2xl font-semibold">{TITLES[status] ?? 'Unexpected error'}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{message}</p>
      <Link to="/" className={buttonClass('primary', 'md', 'mt-6')}>
        Back to home
      </Link>
    </section>
  );
}
